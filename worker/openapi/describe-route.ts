import type { MiddlewareHandler } from "hono";
import type { $ZodType } from "zod/v4/core";

/** Who may call an operation: anyone, a signed-in member (or the admin), or the admin alone. */
export type Access = "public" | "member" | "admin";

/** What `/api/openapi.json` says of one route beyond the request schemas its `validate(...)` checks. */
export type RouteDescription = {
  summary: string;
  access: Access;
  /** The success answers: status → body schema, `null` for none, "html" for a page. */
  ok: Record<number, $ZodType | null | "html">;
  /** Statuses answered with the `{detail, code, fields}` error body, beyond those every route has. */
  errors?: number[];
  /** What a 412 answer carries as `current` beside `detail` and `code`: the row, or the order, as it is now. */
  current?: $ZodType;
  /** A JSON body a handler parses itself (with `parseWith`) rather than through `validate(...)`. */
  body?: $ZodType;
  /** A multipart/form-data body of files sent in one field, rather than JSON (the photo upload). */
  files?: {
    field: string;
    description: string;
    maxItems: number;
    types: string[];
    /** Parts of one file each that may come beside the field's (the photo's link preview). */
    single?: { field: string; description: string; type: string }[];
  };
  /** Request headers an operation reads (idempotency, optimistic concurrency). */
  headers?: RequestHeader[];
  /** Only in development (APP_ENV=development). */
  development?: true;
};

export type RequestHeader = { name: string; description: string; schema?: Record<string, unknown> };

/** Each `describeRoute(...)` middleware's description, read back from Hono's route table. */
const descriptions = new WeakMap<object, RouteDescription>();

/**
 * Describes the route it is placed on for `/api/openapi.json` (worker/openapi/openapi.ts), the
 * way `validate(...)` gives it its request schemas: the description sits beside the handler and
 * the document reads it from `app.routes` (docs/decisions/0075-operations-described-beside-their-routes.md).
 * At request time it only passes on. An /api route without one is missing from the document,
 * which tests/api/openapi.test.ts fails on.
 */
export const describeRoute = (description: RouteDescription): MiddlewareHandler => {
  const middleware: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  descriptions.set(middleware, description);
  return middleware;
};

/** The description of a route-table handler made by `describeRoute(...)`, else undefined. */
export const routeDescription = (handler: unknown): RouteDescription | undefined =>
  typeof handler === "function" ? descriptions.get(handler) : undefined;
