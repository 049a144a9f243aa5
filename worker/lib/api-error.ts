import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { MemberLocale } from "../contract/member-locale.ts";
import { type ApiText, apiTexts, fieldProblem } from "../i18n/api-texts.ts";

/**
 * The one error a handler throws for a client-visible failure. `app.onError` turns it into
 * `{ detail, code, fields? }` (docs/architecture.md §3); `detail` is a sentence a screen may show as is,
 * written in the request's language (ADR 0083): the error carries its text from the catalogue
 * (worker/i18n/api-texts.ts), and its `message` is the English one, for logs.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly #detail: ApiText;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    detail: ApiText,
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(detail(apiTexts.en));
    this.#detail = detail;
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.extra = options.extra;
  }

  /** The detail in `locale`. */
  detailIn(locale: MemberLocale): string {
    return this.#detail(apiTexts[locale]);
  }

  /** The fields' problems in `locale` (the contract's wording in English). */
  fieldsIn(locale: MemberLocale): Record<string, string> | undefined {
    if (!this.fields) return undefined;
    return Object.fromEntries(
      Object.entries(this.fields).map(([field, problem]) => [field, fieldProblem(problem, locale)]),
    );
  }
}

const codes: Partial<Record<number, string>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "too_many_requests",
  503: "unavailable",
};

/** The machine code for an error whose thrower named none (Hono's own HTTP errors). */
export const codeForStatus = (status: number) => codes[status] ?? (status >= 500 ? "internal_error" : "bad_request");
