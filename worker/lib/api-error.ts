import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error a handler throws for a client-visible failure. `app.onError` turns it into
 * `{ detail, code, fields? }` (DESIGN.md §3); `detail` is a sentence a screen may show as is.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    detail: string,
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

export type ErrorBody = { detail: string; code: string; fields?: Record<string, string> };
