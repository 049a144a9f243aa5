import type { RouterRoute } from "hono/types";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { adminSettingsSchema, adminUserSchema } from "../contract/admin.ts";
import {
  passwordGrantSchema,
  refreshGrantSchema,
  resendVerificationResponseSchema,
  sessionSchema,
  sessionUserSchema,
  signupConfirmedSchema,
  signupResponseSchema,
} from "../contract/auth.ts";
import { categorySchema, productSchema, surveyQuestionSchema } from "../contract/catalogue.ts";
import { errorBodySchema } from "../contract/error-body.ts";
import { insightsSchema } from "../contract/insights.ts";
import { profileSchema, profileUpdateSchema } from "../contract/profile.ts";
import { validatedInput } from "../lib/validate.ts";

/**
 * The API's OpenAPI 3.1 description (issue 29, docs/decisions/0051-openapi-contract.md), made
 * from Hono's route table: each route's request schemas are the ones its `validate(...)`
 * middleware checks, converted with zod's own `toJSONSchema`; what it answers is listed below,
 * from the contract's schemas. A route missing from `operations` is a test failure
 * (tests/api/openapi.test.ts), not a silent gap.
 */

/** Who may call an operation: anyone, a signed-in member (or the admin), or the admin alone. */
type Access = "public" | "member" | "admin";

type Operation = {
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
  /** Request headers an operation reads (idempotency, optimistic concurrency). */
  headers?: { name: string; description: string; schema?: Record<string, unknown> }[];
  /** Only in development (APP_ENV=development). */
  development?: true;
};

const idempotencyKey = {
  name: "Idempotency-Key",
  description:
    "1 to 200 characters, made anew for each change: the same request sent again gets the first answer back, with `Idempotent-Replayed: true`, for 30 days (docs/decisions/0044-exactly-once-admin-writes.md). An empty or longer key is refused with 400; the key with another body or If-Match with 422 (docs/decisions/0066-idempotency-keys-name-one-request.md).",
  schema: { type: "string", minLength: 1, maxLength: 200 },
};
const ifMatch = { name: "If-Match", description: "The row's version as an ETag; a stale one is refused with 412." };

const healthSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
const statusSchema = (status: string) => z.object({ status: z.literal(status) });
const mailboxMessageSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  failed_at: z.nullable(z.string()),
  attempts: z.number(),
  last_error: z.nullable(z.string()),
});
const openApiSchema = z.looseObject({ openapi: z.string() });

type Details = Pick<Operation, "errors" | "current" | "body" | "headers" | "development">;
/** An operation anyone may call, a signed-in member's, or the administrator's alone. */
const operation =
  (access: Access) =>
  (summary: string, ok: Operation["ok"], details: Details = {}): Operation => ({ summary, access, ok, ...details });
const anyone = operation("public");
const member = operation("member");
const admin = operation("admin");

const catalogueWrites = (row: $ZodType, kind: string): Record<string, Operation> => {
  const name = kind.slice(0, -1).replace("ie", "y");
  const onARow = { errors: [400, 404, 409, 412, 422, 428], current: row, headers: [idempotencyKey, ifMatch] };
  return {
    [`POST /api/admin/${kind}`]: admin(
      `Create a ${name}`,
      { 201: row },
      { errors: [400, 409, 422], headers: [idempotencyKey] },
    ),
    [`PUT /api/admin/${kind}/:id`]: admin(`Update a ${name}`, { 200: row }, onARow),
    [`DELETE /api/admin/${kind}/:id`]: admin(`Delete a ${name}`, { 204: null }, onARow),
  };
};

/**
 * A request that e-mails an address: public, rate limited, and answered 202 alike whether an
 * account has the address or not (no account enumeration, docs/architecture.md §4).
 */
const sameAnswerForEveryAddress = (summary: string, ok: $ZodType): Operation =>
  anyone(`${summary} (the same answer for every address)`, { 202: ok }, { errors: [400, 429] });

/** Every /api route, as `METHOD /api/path` in Hono's spelling. */
export const operations: Record<string, Operation> = {
  "GET /api/health": anyone("Liveness and a database round trip", { 200: healthSchema }),
  "POST /api/auth/signup": sameAnswerForEveryAddress("Sign up", signupResponseSchema),
  "GET /api/auth/verify": anyone(
    "The link in the verification e-mail: redirects to the page that explains the outcome",
    { 303: null },
  ),
  "POST /api/auth/token": anyone(
    "Sign in (grant_type=password) or refresh a session (grant_type=refresh_token)",
    { 200: sessionSchema },
    { errors: [400, 429], body: z.union([passwordGrantSchema, refreshGrantSchema]) },
  ),
  "POST /api/auth/logout": member("Sign out this session", { 204: null }),
  "POST /api/auth/recover": sameAnswerForEveryAddress("Ask for a password reset e-mail", statusSchema("recovery_sent")),
  "POST /api/auth/verify": anyone(
    "Follow a password reset link, or confirm a sign-up with its password",
    { 200: z.union([sessionSchema, signupConfirmedSchema]) },
    { errors: [400, 429] },
  ),
  "PUT /api/auth/user": member(
    "Change the password",
    { 200: z.object({ user: sessionUserSchema }) },
    { errors: [400, 429] },
  ),
  "POST /api/auth/verify/resend": sameAnswerForEveryAddress(
    "Send a new verification link",
    resendVerificationResponseSchema,
  ),
  "GET /api/products": anyone(
    "The catalogue's products, optionally by category and temperament",
    { 200: z.array(productSchema), 304: null },
    { errors: [400] },
  ),
  "GET /api/products/:id": anyone("One product", { 200: productSchema, 304: null }, { errors: [400, 404] }),
  "GET /api/categories": anyone("The catalogue's categories", { 200: z.array(categorySchema), 304: null }),
  "GET /api/survey/questions": anyone("The survey's questions and option texts", {
    200: z.object({ questions: z.array(surveyQuestionSchema) }),
    304: null,
  }),
  "GET /api/user/profile": member("The member's own profile", { 200: profileSchema }),
  "PUT /api/user/profile": member(
    "Update the member's names and survey answers",
    { 200: profileSchema },
    { errors: [400], body: profileUpdateSchema },
  ),
  "GET /api/dev/mailbox": anyone(
    "The development mailbox, newest first",
    { 200: z.array(mailboxMessageSchema) },
    { development: true },
  ),
  "POST /api/events": anyone(
    "Count a product page's view or a follow of its marketplace link (no cookie, no identifier)",
    { 202: statusSchema("accepted") },
    { errors: [400] },
  ),
  "POST /api/admin/login": anyone("The administrator's sign-in", { 200: sessionSchema }, { errors: [400, 401, 429] }),
  "GET /api/admin/users": admin("The members", { 200: z.array(adminUserSchema) }),
  "GET /api/admin/settings": admin("What is configured", { 200: adminSettingsSchema }),
  "GET /api/admin/insights": admin(
    "Views and marketplace visits per product and per day, over the last 7, 30 or 90 days",
    { 200: insightsSchema },
    { errors: [400] },
  ),
  ...catalogueWrites(productSchema, "products"),
  "POST /api/admin/products/reorder": admin(
    "Set the order of many products in one write",
    { 200: z.object({ status: z.literal("reordered"), count: z.number() }) },
    { errors: [400, 404, 409, 412, 422], current: z.array(z.number()), headers: [idempotencyKey] },
  ),
  ...catalogueWrites(categorySchema, "categories"),
  "GET /api/openapi.json": anyone("This description", { 200: openApiSchema }),
  "GET /api/docs": anyone("A reference page for this description (Scalar)", { 200: "html" }, { development: true }),
};

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
 * under /api that `operations` lists, development-only ones only in development.
 */
export function buildOpenApiDocument(routes: readonly RouterRoute[], options: { development: boolean }) {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const route of routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    const key = `${route.method} ${route.path}`;
    const operation = operations[key];
    if (!operation || (operation.development && !options.development)) continue;
    const where = openApiPath(route.path);
    const method = route.method.toLowerCase();
    const path = paths[where] ?? {};
    paths[where] = path;
    const entry = path[method] ?? describe(key, operation);
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

function describe(key: string, operation: Operation): Record<string, unknown> {
  const [method = "", path = ""] = key.split(" ");
  const responses: Record<string, unknown> = {};
  const keyed = operation.headers?.includes(idempotencyKey) ?? false;
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
    responses,
  };
}
