import { AsyncLocalStorage } from "node:async_hooks";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { InitialData } from "../worker/contract/initial-data.ts";
import { splitLocale } from "../worker/contract/locales.ts";
import { ServerInitialData } from "./lib/initial-data.ts";
import { overwriteServerAsyncLocalStorage, type ParaglideAsyncLocalStorage } from "./paraglide/runtime.js";
import { createAppRouter } from "./router.tsx";

// The request's language for every message the render reads (ADR 0079). Renders of different
// requests interleave at each `await` (the router's loaders), so a module variable would not do.
const requestLocale = new AsyncLocalStorage() as unknown as ParaglideAsyncLocalStorage;
overwriteServerAsyncLocalStorage(requestLocale);

/**
 * Renders a catalogue page to HTML on the server (the Node server and the Worker call this
 * through worker/lib/page-renderer.ts), from the same data the page embeds: the browser paints
 * the hero, products and images before any script runs, then web/boot/start-app.tsx hydrates that HTML.
 *
 * @param url the path and query string the page is served for, e.g. `/products?category=2` or
 *   `/tr/products?category=2`: its `/tr` makes the page Turkish
 * @returns the markup that goes inside `<div id="root">`
 */
export function renderPage(url: string, data: InitialData): Promise<string> {
  const { locale, path: pathname } = splitLocale(new URL(url, "http://server").pathname);
  return requestLocale.run({ locale }, async () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }), { onServer: true });
    await router.load();
    return renderToString(
      <StrictMode>
        <ServerInitialData value={{ pathname, data }}>
          <RouterProvider router={router} />
        </ServerInitialData>
      </StrictMode>,
    );
  });
}
