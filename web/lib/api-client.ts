import { hc } from "hono/client";
import type { AppType } from "../../worker/app.ts";

/**
 * The typed API client (DESIGN.md §3): built from the server's route types, so a contract
 * change breaks `tsc -p web`, not the shopper. Same origin: the Node server and the Worker
 * serve the PWA and `/api` together (Vite's dev server proxies `/api`).
 */
export const api = hc<AppType>("/api");

/** A non-OK answer from the API, carrying the server's `{ detail, code }` (DESIGN.md §3). */
export class ApiError extends Error {
  override name = "ApiError";
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

type ResponseLike<T> = {
  ok: boolean;
  status: number;
  statusText: string;
  json(): Promise<T>;
  text(): Promise<string>;
};

/**
 * Turns a non-OK response into an ApiError whose message is the server's `detail` (or a plain
 * sentence when the body is not the API's error shape, e.g. a proxy's HTML error page).
 */
export async function errorFromResponse(response: ResponseLike<unknown>): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.code, body.detail, body.fields);
  return new ApiError(
    response.status,
    "http_error",
    `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`,
  );
}

/**
 * Awaits a client call and returns its JSON body, or throws an ApiError with the server's
 * detail: `const products = await readJson(api.products.$get({ query: {} }))`.
 */
export async function readJson<T>(request: Promise<ResponseLike<T>> | ResponseLike<T>): Promise<T> {
  const response = await request;
  if (!response.ok) throw await errorFromResponse(response);
  return response.json();
}

/** The sentence a screen shows for a failed call: the server's detail, else the error's message. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof TypeError) return "We could not reach the server. Check your connection and try again.";
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function isErrorBody(value: unknown): value is { detail: string; code: string; fields?: Record<string, string> } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { detail?: unknown }).detail === "string" &&
    typeof (value as { code?: unknown }).code === "string"
  );
}
