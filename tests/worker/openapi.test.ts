import { describe, expect, it } from "vitest";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import { createTestApp } from "../support/test-app.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 29: the built Worker under workerd publishes the same contract as the Node server
// (docs/decisions/0051-openapi-contract.md); the reference page is development's alone.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.51" });

describe("the OpenAPI description on the Worker", () => {
  it("answers /api/openapi.json with the document the Node app builds", async () => {
    const res = await shop.request("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expectSecurityHeaders(res.headers, "/api/openapi.json on the Worker");
    const fromWorker = await res.json();
    const { app } = await createTestApp();
    const fromNode = await (await app.request("/api/openapi.json")).json();
    expect(fromWorker).toEqual(fromNode);
    expect(Object.keys((fromWorker as { paths: object }).paths)).toContain("/api/admin/products/{id}");
  });

  it("has no reference page outside development", async () => {
    const res = await shop.request("GET", "/api/docs");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });
});
