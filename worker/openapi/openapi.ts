import type { RouterRoute } from "hono/types";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { errorBodySchema } from "../contract/error-body.ts";
import { validatedInput } from "../lib/validate.ts";
import { type Access, type RouteDescription, routeDescription } from "./describe-route.ts";

/**
 * The API's OpenAPI 3.1 description (issue 29, docs/decisions/0051-openapi-contract.md), made
 * from Hono's route table: each route's request schemas are the ones its `validate(...)`
 * middleware checks, converted with zod's own `toJSONSchema`; what it answers is what its
 * `describeRoute(...)` says, beside the handler in its route file
 * (docs/decisions/0075-operations-described-beside-their-routes.md). This file assembles them
 * with what every operation shares: the error answers, the security scheme. A route without a
 * description is a test failure (tests/api/openapi.test.ts), not a silent gap.
 */

/** Statuses every /api route may answer with the error body. */
const everyRoute = [413, 500, 503];
const byAccess: Record<Access, number[]> = { public: [], member: [401], admin: [401, 403] };

const reasons: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
  303: "See other",
  304: "Not modified (If-None-Match matched the ETag)",
  400: "Bad request",
  401: "Not signed in, or the session is not valid",
  403: "Not the administrator",
  404: "Not found",
  409: "Conflict",
  412: "Precondition failed",
  413: "Request body too large",
  422: "The Idempotency-Key was used for another request (another method, path, body or If-Match)",
  428: "Precondition required",
  429: "Too many requests",
  500: "Internal error",
  503: "Unavailable for now",
};

/** A contract schema as the JSON Schema of what a client sends (`io: "input"`) or receives. */
export function jsonSchema(schema: $ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

/** `/api/products/:id` as OpenAPI spells it: `/api/products/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The parameters of a `param` or `query` schema: one per property. */
function parameters(schema: $ZodType, where: "path" | "query") {
  const object = jsonSchema(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const errorRef = { $ref: "#/components/responses/Error" };

/**
 * The description of `routes` (an app's `app.routes`): every GET, POST, PUT and DELETE route
 * under /api that a `describeRoute(...)` describes, development-only ones only in development.
 */
export function buildOpenApiDocument(routes: readonly RouterRoute[], options: { development: boolean }) {
  // A route's description may come after other handlers in its chain: read them all first.
  const described = new Map<string, RouteDescription>();
  for (const route of routes) {
    const description = routeDescription(route.handler);
    if (!description) continue;
    const key = `${route.method} ${route.path}`;
    if (described.has(key)) throw new Error(`${key} is described twice`);
    described.set(key, description);
  }
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const route of routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    const operation = described.get(`${route.method} ${route.path}`);
    if (!operation || (operation.development && !options.development)) continue;
    const where = openApiPath(route.path);
    const method = route.method.toLowerCase();
    const path = paths[where] ?? {};
    paths[where] = path;
    const entry = path[method] ?? describe(route.method, route.path, operation);
    path[method] = entry;
    const input = validatedInput(route.handler);
    if (!input) continue;
    if (input.target === "json") {
      entry.requestBody = {
        required: true,
        content: { "application/json": { schema: jsonSchema(input.schema, "input") } },
      };
    } else if (input.target === "param" || input.target === "query") {
      const where = input.target === "param" ? "path" : "query";
      const list = entry.parameters as { in: string }[];
      entry.parameters = [...list.filter((p) => p.in !== where), ...parameters(input.schema, where)];
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Doğal Yaşam API",
      version: "1.0.0",
      description:
        "Every error, 4xx or 5xx, answers `{detail, code, fields?}`: `detail` a sentence to show, `code` a machine-readable name, `fields` what was wrong with each input.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema, "output") },
      responses: sharedResponses(),
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
  };
}

/** Response headers, as the answers carry them. */
const retryAfter = (required: boolean) => ({
  "Retry-After": {
    description: "Seconds to wait before trying again",
    required,
    schema: { type: "integer", minimum: 1 },
  },
});
const etag = (required: boolean, what: string) => ({
  ETag: { description: what, required, schema: { type: "string", pattern: '^(W/)?".*"$' } },
});
const replayedHeader = {
  "Idempotent-Replayed": {
    description: "The first answer to this Idempotency-Key, sent again; nothing was written this time",
    required: false,
    schema: { type: "string", enum: ["true"] },
  },
};

/** The error responses shared by every operation, by status: the `Error` body, with `Retry-After` where it is sent. */
const errorResponses: Record<number, Reference> = {
  429: { $ref: "#/components/responses/TooManyRequests" },
  503: { $ref: "#/components/responses/Unavailable" },
};
type Reference = { $ref: string };

/** The components the operations' error responses refer to. */
function sharedResponses() {
  const content = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  return {
    Error: { description: "An error: `{detail, code, fields?}`", content },
    TooManyRequests: { description: `${reasons[429]}: \`{detail, code}\``, headers: retryAfter(true), content },
    Unavailable: {
      description: `${reasons[503]}: \`{detail, code}\`, with Retry-After when the database is busy or unreachable`,
      headers: retryAfter(false),
      content,
    },
  };
}

/** A 412 whose body says what is current now, beside `detail` and `code`. */
function conflict(current: $ZodType) {
  return {
    description: `${reasons[412]}: \`{detail, code, current}\`, \`current\` as it is now`,
    content: {
      "application/json": {
        schema: jsonSchema(z.extend(errorBodySchema, { current }), "output"),
      },
    },
  };
}

/** One operation's entry: its summary, access and answers, before its validators' schemas are added. */
function describe(method: string, path: string, operation: RouteDescription): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const keyed = operation.headers?.some((header) => header.name === "Idempotency-Key") ?? false;
  const cached = 304 in operation.ok;
  for (const [status, body] of Object.entries(operation.ok)) {
    const description = reasons[Number(status)] ?? "OK";
    const headers = {
      ...(cached ? etag(true, "This version of the answer, for If-None-Match") : {}),
      ...(keyed && status !== "204" ? etag(false, "The written row's version, for If-Match") : {}),
      ...(keyed ? replayedHeader : {}),
      ...(status === "303"
        ? { Location: { description: "Where to go", required: true, schema: { type: "string" } } }
        : {}),
    };
    const described = { description, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
    if (body === null) responses[status] = described;
    else if (body === "html")
      responses[status] = { ...described, content: { "text/html": { schema: { type: "string" } } } };
    else responses[status] = { ...described, content: { "application/json": { schema: jsonSchema(body, "output") } } };
  }
  // Any POST or PUT may send a body that is not JSON: refused with 400 before its route.
  const malformed = method === "POST" || method === "PUT" ? [400] : [];
  const errors = [
    ...new Set([...(operation.errors ?? []), ...malformed, ...byAccess[operation.access], ...everyRoute]),
  ];
  for (const status of errors.sort((a, b) => a - b)) {
    responses[String(status)] =
      status === 412 && operation.current ? conflict(operation.current) : (errorResponses[status] ?? errorRef);
  }
  const pathParameters = [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const headers = (operation.headers ?? []).map(({ name, description, schema }) => ({
    name,
    in: "header",
    required: false,
    description,
    schema: schema ?? { type: "string" },
  }));
  return {
    operationId: `${method.toLowerCase()}${path.replace(/^\/api/, "").replace(/[/:.]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: operation.summary,
    tags: [path.split("/")[2] ?? "api"],
    // Public operations say so: no security at all, rather than none stated.
    security: operation.access === "public" ? [] : [{ bearerAuth: [] }],
    parameters: [...pathParameters, ...headers],
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(operation.body, "input") } },
          },
        }
      : {}),
    ...(operation.files ? { requestBody: filesBody(operation.files) } : {}),
    responses,
  };
}

/** A multipart/form-data body: every part a file in the one field (OpenAPI 3.1 §4.8.14.4). */
function filesBody({ field, description, maxItems, types, single = [] }: NonNullable<RouteDescription["files"]>) {
  const file = { type: "string", contentMediaType: "application/octet-stream" };
  const singles = Object.fromEntries(single.map((part) => [part.field, { description: part.description, ...file }]));
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: [field],
          properties: { [field]: { description, type: "array", minItems: 1, maxItems, items: file }, ...singles },
        },
        encoding: {
          [field]: { contentType: types.join(", ") },
          ...Object.fromEntries(single.map((part) => [part.field, { contentType: part.type }])),
        },
      },
    },
  };
}
