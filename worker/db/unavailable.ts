import { DrizzleQueryError } from "drizzle-orm/errors";
import { ApiError } from "../lib/api-error.ts";

/**
 * docs/decisions/0050-faults.md: the database could not answer, through no fault of the
 * request: its write lock stayed taken past the busy timeout (SQLITE_BUSY), or it could not be
 * reached at all (a query whose failure is the transport's, not SQL's: the endpoint stopped, the
 * network gone). Nothing was written; the same request may succeed in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isBusy(error) || isUnreachable(error);
}

/** The write lock stayed taken past the busy timeout (libSQL's SQLITE_BUSY). */
export function isBusy(error: unknown): boolean {
  return causes(error).some((cause) => String((cause as { code?: unknown }).code).startsWith("SQLITE_BUSY"));
}

/** Codes @libsql/client gives a remote database's transport failures (a 5xx, a lost stream). */
const transportCodes = new Set(["SERVER_ERROR", "HRANA_CLOSED_ERROR", "HRANA_WEBSOCKET_ERROR", "STREAM_EXPIRED"]);

function isUnreachable(error: unknown): boolean {
  return causes(error).some(
    (cause) =>
      transportCodes.has(String((cause as { code?: unknown }).code)) ||
      // A failed query whose cause has no SQLite result code: `fetch` itself failed.
      (cause instanceof DrizzleQueryError && !hasCode(cause.cause)),
  );
}

const hasCode = (error: unknown) => typeof (error as { code?: unknown } | undefined)?.code === "string";

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = error; cause instanceof Error && chain.length < 10; cause = cause.cause) chain.push(cause);
  return chain;
}

/** The answer to a database that could not answer: 503, with when to try again. */
export function databaseUnavailable(error: unknown): ApiError {
  return isBusy(error)
    ? new ApiError(503, "database_busy", (t) => t.api_database_busy, {
        headers: { "Retry-After": "1" },
      })
    : new ApiError(503, "database_unavailable", (t) => t.api_database_unavailable, {
        headers: { "Retry-After": "5" },
      });
}
