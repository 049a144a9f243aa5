import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { errorBodySchema } from "../../worker/contract/error-body.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { securityHeaders } from "../../worker/lib/security-headers.ts";
import { validatedInput } from "../../worker/lib/validate.ts";
import { scalarCdn } from "../../worker/openapi/publish.ts";
import { publicAdminPaths } from "../../worker/routes/admin/admin.routes.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 29, "The contract, published": /api/openapi.json describes every /api route in Hono's
// route table, with the request schemas its validators check, its answers and the one error
// shape (docs/decisions/0051-openapi-contract.md).

type Operation = {
  security?: { bearerAuth: string[] }[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { "application/json": { schema: unknown } } };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: { Error: unknown };
    responses: Record<
      string,
      { content: { "application/json": { schema: unknown } }; headers?: Record<string, { required: boolean }> }
    >;
    securitySchemes: Record<string, unknown>;
  };
};

/** What zod itself makes of a contract schema, independently of the server's conversion. */
const expected = (schema: $ZodType, io: "input" | "output") => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};

const errorRef = { $ref: "#/components/responses/Error" };
/** The error responses that also say when to try again. */
const errorRefs: Record<number, { $ref: string }> = {
  429: { $ref: "#/components/responses/TooManyRequests" },
  503: { $ref: "#/components/responses/Unavailable" },
};
const asOpenApi = (path: string) => path.replace(/:(\w+)/g, "{$1}");
const sample = (path: string) => path.replace(/:\w+/g, "1");

/** Each GET, POST, PUT and DELETE route under /api, once, with every handler registered for it. */
function routeTable(app: Awaited<ReturnType<typeof createTestApp>>["app"]) {
  const routes = new Map<string, { method: string; path: string; handlers: unknown[] }>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    const key = `${route.method} ${route.path}`;
    const entry = routes.get(key) ?? { method: route.method, path: route.path, handlers: [] };
    entry.handlers.push(route.handler);
    routes.set(key, entry);
  }
  return [...routes.values()];
}

async function documentOf(app: Awaited<ReturnType<typeof createTestApp>>["app"]): Promise<Document> {
  const res = await app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await res.json()) as Document;
}

const test = await createTestApp();
const development = await createTestApp({ APP_ENV: "development" });

describe.each([
  ["test", test],
  ["development", development],
] as const)("the OpenAPI description (APP_ENV=%s)", (env, { app }) => {
  const table = routeTable(app);

  it("covers the whole route table (the dev routes only in development)", async () => {
    const document = await documentOf(app);
    expect(document.openapi).toBe("3.1.0");
    expect(table.length).toBeGreaterThan(25);
    const described = new Set<string>();
    for (const { method, path } of table) {
      const operation = document.paths[asOpenApi(path)]?.[method.toLowerCase()];
      if (path.startsWith("/api/dev/") && env !== "development") {
        expect(operation, `${method} ${path}`).toBeUndefined();
        continue;
      }
      expect(operation, `${method} ${path}`).toBeDefined();
      described.add(`${method} ${asOpenApi(path)}`);
    }
    // And nothing the server does not route.
    const listed = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual([...described].sort());
    expect(listed).toContain("GET /api/openapi.json");
    expect(listed.includes("GET /api/docs")).toBe(env === "development");
    expect(listed.includes("GET /api/dev/mailbox")).toBe(env === "development");
  });

  it("gives each route the request schemas its validators check", async () => {
    const document = await documentOf(app);
    let checked = 0;
    for (const { method, path, handlers } of table) {
      const operation = document.paths[asOpenApi(path)]?.[method.toLowerCase()];
      if (!operation) continue;
      for (const path_ of path.match(/:\w+/g) ?? []) {
        const name = path_.slice(1);
        expect(
          operation.parameters.find((p) => p.in === "path" && p.name === name),
          `${path} ${name}`,
        ).toBeDefined();
      }
      for (const handler of handlers) {
        const input = validatedInput(handler);
        if (!input) continue;
        checked++;
        const where = `${method} ${path} ${input.target}`;
        const schema = expected(input.schema, "input") as { properties: Record<string, unknown>; required?: string[] };
        if (input.target === "json") {
          expect(operation.requestBody?.content["application/json"].schema, where).toEqual(schema);
        } else {
          expect(["param", "query"], where).toContain(input.target);
          const place = input.target === "param" ? "path" : "query";
          for (const [name, property] of Object.entries(schema.properties)) {
            const parameter = operation.parameters.find((p) => p.in === place && p.name === name);
            expect(parameter, `${where} ${name}`).toEqual({
              name,
              in: place,
              required: place === "path" || (schema.required ?? []).includes(name),
              schema: property,
            });
          }
        }
      }
    }
    // signup, recover, verify, verify/resend, user, token's query, products' query and id,
    // admin login, the admin writes' bodies and ids, reorder.
    expect(checked).toBeGreaterThanOrEqual(18);
  });

  it("lists each route's answers, its errors as the one {detail, code, fields} component", async () => {
    const document = await documentOf(app);
    expect(document.components.schemas.Error).toEqual(expected(errorBodySchema, "output"));
    expect(document.components.schemas.Error).toMatchObject({
      type: "object",
      properties: { detail: { type: "string" }, code: { type: "string" }, fields: { type: "object" } },
      required: ["detail", "code"],
    });
    for (const name of ["Error", "TooManyRequests", "Unavailable"]) {
      expect(document.components.responses[name]?.content["application/json"].schema, name).toEqual({
        $ref: "#/components/schemas/Error",
      });
    }
    // 429 always says when to try again; 503 when the database is the reason.
    expect(document.components.responses.TooManyRequests?.headers?.["Retry-After"]?.required).toBe(true);
    expect(document.components.responses.Unavailable?.headers?.["Retry-After"]?.required).toBe(false);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        const statuses = Object.keys(operation.responses).map(Number);
        expect(
          statuses.some((s) => s < 400),
          where,
        ).toBe(true);
        for (const status of statuses.filter((s) => s < 400)) {
          const response = operation.responses[status];
          expect(response?.description, `${where} ${status}`).toBeTruthy();
          if (status === 200 || status === 201 || status === 202)
            expect(response?.content, `${where} ${status}`).toBeDefined();
        }
        for (const status of [413, 500]) expect(operation.responses[status], `${where} ${status}`).toEqual(errorRef);
        expect(operation.responses[503], `${where} 503`).toEqual(errorRefs[503]);
        for (const status of statuses.filter((s) => s >= 400)) {
          const response = operation.responses[status];
          if (status === 412 && response?.content) {
            // A catalogue write's 412 says what is current: the error body and `current`.
            const schema = response.content["application/json"]?.schema;
            expect(schema, `${where} 412`).toMatchObject({
              type: "object",
              properties: { detail: { type: "string" }, code: { type: "string" }, current: {} },
              required: ["detail", "code", "current"],
              additionalProperties: false,
            });
            continue;
          }
          expect(response, `${where} ${status}`).toEqual(errorRefs[status] ?? errorRef);
        }
        if (operation.requestBody || operation.parameters.some((p) => p.in !== "header")) {
          const validates = path !== "/api/auth/verify" || method !== "get";
          if (validates) expect(operation.responses[400], `${where} 400`).toEqual(errorRef);
        }
      }
    }
  });

  it("marks the routes that need a session with the bearer scheme, and only those", async () => {
    const document = await documentOf(app);
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    });
    for (const { method, path } of table) {
      const operation = document.paths[asOpenApi(path)]?.[method.toLowerCase()];
      if (!operation) continue;
      // Asked without a session: a route that needs one answers 401, which its description lists.
      const res = await app.request(sample(path), {
        method,
        headers: { "Content-Type": "application/json", "X-Test-Client": `198.51.100.${table.length}` },
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      const where = `${method} ${path}`;
      const secured = (path.startsWith("/api/admin/") && !publicAdminPaths.includes(path)) || res.status === 401;
      // A public operation says it needs nothing (`[]`), as Redocly's recommended rules ask.
      expect(operation.security, where).toEqual(secured ? [{ bearerAuth: [] }] : []);
      if (path !== "/api/admin/login") expect(res.status === 401, where).toBe(secured);
      expect(Object.keys(operation.responses), `${where} answered ${res.status}`).toContain(String(res.status));
      if (res.status >= 400) expect(errorBodySchema.safeParse(await res.json()).success, where).toBe(true);
      else await res.body?.cancel();
    }
  });

  it("answers with the API's security headers", async () => {
    const res = await app.request("/api/openapi.json");
    expectSecurityHeaders(res.headers, "/api/openapi.json");
  });
});

describe("the reference page, /api/docs", () => {
  it("is not there outside development", async () => {
    const res = await test.app.request("/api/docs");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });

  it("in development is Scalar's page for /api/openapi.json, its policy relaxed for that page only", async () => {
    const res = await development.app.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("/api/openapi.json");
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (name !== "Content-Security-Policy") expect(res.headers.get(name), name).toBe(value);
    }
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' (\S+);/.exec(csp);
    expect(nonce?.[2]).toBe(scalarCdn);
    // Every script on the page is the nonce's or the CDN's; nothing else is loosened.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce?.[1]}"`);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    // A fresh nonce on each visit.
    const again = await development.app.request("/api/docs");
    expect(again.headers.get("Content-Security-Policy")).not.toBe(csp);
    // The rest of the API keeps the strict policy.
    expectSecurityHeaders((await development.app.request("/api/openapi.json")).headers, "/api/openapi.json");
  });
});

type LintProblem = { ruleId: string; severity: "error" | "warn"; message: string; location: { pointer: string }[] };

/**
 * `redocly lint` with its recommended rules on `document`, offline: telemetry and the update
 * check off, and every connection to another machine refused and named (no-network.mjs).
 */
async function redoclyLint(document: unknown) {
  const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  try {
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(document));
    const cli = join(projectRoot, "node_modules/@redocly/cli/bin/cli.js");
    const args = ["--import", join(projectRoot, "tests/support/no-network.mjs"), cli, "lint", "openapi.json"];
    const run = promisify(execFile)(process.execPath, [...args, "--extends=recommended", "--format=json"], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    // It exits 1 when it finds an error: the report is on stdout either way.
    const { stdout, stderr } = await run.catch((failed: { stdout: string; stderr: string }) => failed);
    return { ...(JSON.parse(stdout) as { problems: LintProblem[] }), stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the description by Redocly's recommended rules (issue 37)", () => {
  it.each([
    ["test", test],
    ["development", development],
  ] as const)("has no error, offline (APP_ENV=%s)", { timeout: 60_000 }, async (_, { app }) => {
    const { problems, stderr } = await redoclyLint(await documentOf(app));
    expect(stderr).not.toContain("network attempt");
    const show = (p: LintProblem) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
    expect(problems.filter((p) => p.severity === "error").map(show)).toEqual([]);
    // Warnings may stay (ADR 0067 lists them); a new one shows here.
    expect(problems.filter((p) => p.severity !== "error").map(show)).toEqual([
      expect.stringMatching(/^info-license /),
      expect.stringMatching(/^operation-2xx-response at #\/paths\/~1api~1auth~1verify\/get/),
    ]);
  });
});
