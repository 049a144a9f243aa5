import { hc } from "hono/client";
import type { AppType } from "../../worker/app.ts";
import { errorBodySchema } from "../../worker/contract/error-body.ts";
import { m } from "../paraglide/messages.js";
import { getLocale } from "../paraglide/runtime.js";

/**
 * The typed API client (docs/architecture.md §3): built from the server's route types, so a contract
 * change breaks `npm run typecheck`, not the shopper. Same origin: the Node server and the Worker
 * serve the PWA and `/api` together (Vite's dev server proxies `/api`).
 */
export const api = hc<AppType>("/api", { fetch: fetchInPageLanguage });

/** `fetch` saying the page's language, so the API's `detail`s come in it (ADR 0083). */
export function fetchInPageLanguage(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Accept-Language", getLocale());
  return fetch(input, { ...init, headers });
}

/** The API answered, but not with success: carries the server's `{ detail, code, fields }`. */
export class ApiResponseError extends Error {
  override name = "ApiResponseError";
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, detail: string, fields?: Record<string, string>) {
    super(detail);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The request never got an answer: offline, the server down, the connection cut. */
export class NetworkError extends Error {
  override name = "NetworkError";
}

export type ResponseLike<T> = {
  ok: boolean;
  status: number;
  statusText: string;
  json(): Promise<T>;
  text(): Promise<string>;
};

/**
 * Turns a non-OK response into an ApiResponseError whose message is the server's `detail` (or a
 * plain sentence when the body is not the API's error shape, e.g. a proxy's HTML error page).
 */
export async function errorFromResponse(response: ResponseLike<unknown>): Promise<ApiResponseError> {
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    json = undefined;
  }
  const body = errorBodySchema.safeParse(json);
  if (body.success) return new ApiResponseError(response.status, body.data.code, body.data.detail, body.data.fields);
  return new ApiResponseError(
    response.status,
    "http_error",
    m.session_server_answered({
      answer: `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
    }),
  );
}

/**
 * Awaits a client call and returns its JSON body, or throws: an ApiResponseError with the
 * server's detail, a NetworkError when no answer came, or the AbortError of a cancelled call.
 * `const products = await readJson(api.products.$get({ query: {} }))`.
 */
export async function readJson<T>(request: Promise<ResponseLike<T>> | ResponseLike<T>): Promise<T> {
  let response: ResponseLike<T>;
  try {
    response = await request;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    // fetch rejects only when no response arrived (a TypeError, whatever the browser's wording).
    throw new NetworkError(m.session_no_answer(), { cause: error });
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response.json();
}

/** The sentence a screen shows for a failed call: the server's detail, else a plain one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return m.session_network_error();
  if (error instanceof ApiResponseError && error.message) return error.message;
  return fallback;
}
