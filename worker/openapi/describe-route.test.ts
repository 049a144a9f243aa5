import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { describeRoute } from "./describe-route.ts";
import { buildOpenApiDocument } from "./openapi.ts";

// The document reads each operation from the `describeRoute(...)` beside its handler
// (docs/decisions/0075-operations-described-beside-their-routes.md).

const said = { summary: "One thing", access: "public", ok: { 204: null } } as const;
const noop = () => new Response(null, { status: 204 });

describe("describeRoute", () => {
  it("passes the request on, and its route is in the document wherever it stands in the chain", async () => {
    const app = new Hono()
      .get("/api/first", describeRoute(said), noop)
      .get("/api/last", async (_c, next) => next(), describeRoute({ ...said, summary: "Another" }), noop)
      .get("/api/undescribed", noop);
    expect((await app.request("/api/first")).status).toBe(204);
    const { paths } = buildOpenApiDocument(app.routes, { development: false });
    expect(Object.keys(paths)).toEqual(["/api/first", "/api/last"]);
    expect(paths["/api/first"]?.get).toMatchObject({ operationId: "getFirst", summary: "One thing" });
    expect(paths["/api/last"]?.get).toMatchObject({ operationId: "getLast", summary: "Another" });
  });

  it("is refused twice on one route", () => {
    const app = new Hono().get("/api/twice", describeRoute(said), describeRoute(said), noop);
    expect(() => buildOpenApiDocument(app.routes, { development: false })).toThrow("GET /api/twice is described twice");
  });
});
