import { createContext } from "react";
import { idParamSchema } from "../../worker/contract/catalogue.ts";
import { type InitialData, initialDataElementId, initialDataSchema } from "../../worker/contract/initial-data.ts";
import { splitLocale } from "../../worker/contract/locales.ts";

/**
 * The catalogue data the server writes into the page for `/`, `/products` and `/products/:id`
 * (`<script type="application/json" id="initial-data">`), so the first render has content
 * without an API round trip. It belongs to the address the page was served for: it is read
 * once, together with the pathname at that moment, and only seeds the first render. Later
 * screens ask the API (and the browser's HTTP cache).
 */
export type EmbeddedData = { pathname: string; data: InitialData };

/** Parses the embedded JSON; undefined when it is absent, not JSON, or not the expected shape. */
export function parseInitialData(text: string | null | undefined): InitialData | undefined {
  if (!text?.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = initialDataSchema.safeParse(json);
  return result.success ? result.data : undefined;
}

/**
 * The product id a `/products/:id` pathname names, or undefined for any other address (or a
 * malformed id such as `/products/abc`).
 */
export function productIdFromPathname(pathname: string): number | undefined {
  const match = /^\/products\/([^/]+)\/?$/.exec(pathname);
  const params = idParamSchema.safeParse({ id: match?.[1] });
  return params.success ? params.data.id : undefined;
}

let embedded: EmbeddedData | undefined | null = null;

/**
 * The page's embedded data and the pathname it was served for, read and parsed on the first
 * call (main.tsx calls this before the first render, while the address is still the one the
 * server answered). Undefined when the page carries none.
 */
export function readInitialData(): EmbeddedData | undefined {
  if (embedded !== null) return embedded;
  embedded = undefined;
  if (typeof document === "undefined") return embedded;
  const element = document.getElementById(initialDataElementId);
  const data = parseInitialData(element?.textContent);
  // The page's address as the router reads it: `/tr/products` is its `/products` (web/router.tsx).
  if (data) embedded = { pathname: splitLocale(window.location.pathname).path, data };
  return embedded;
}

/**
 * The data a server render shows: web/entry-server.tsx provides it per request (in the browser
 * the page's data is module state, read once, and must not be shared between requests).
 */
export const ServerInitialData = createContext<EmbeddedData | undefined>(undefined);
