import { describe, expect, it } from "vitest";
import { maxBodyBytes } from "../../worker/app.ts";
import { rawJsonPost } from "../support/raw-json-post.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import { createTestApp } from "../support/test-app.ts";

const { app } = await createTestApp();

describe("the API's common behaviour", () => {
  it("reports health with a real database round trip", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers unknown API paths with a JSON 404, never the web app", async () => {
    const res = await app.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({
      code: "not_found",
      detail: expect.stringContaining("/api/does-not-exist"),
    });
  });

  it("refuses an oversized body with 413 before reading it", async () => {
    const res = await app.request("/api/products", rawJsonPost(JSON.stringify({ blob: "x".repeat(maxBodyBytes) })));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      detail: "The request body is too large.",
      code: "payload_too_large",
    });
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await app.request("/api/products", rawJsonPost("{not json"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: "The request body is not valid JSON.",
      code: "malformed_json",
    });
  });

  it("puts the security headers on every response", async () => {
    for (const path of ["/api/health", "/api/nope"]) expectSecurityHeaders((await app.request(path)).headers, path);
  });

  it("gives every response a request id", async () => {
    const res = await app.request("/api/health");
    expect(res.headers.get("X-Request-Id")).toMatch(/\S{8,}/);
  });

  it("sends no CORS headers to other origins unless configured", async () => {
    const res = await app.request("/api/health", { headers: { Origin: "https://evil.example" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("CORS when origins are configured", async () => {
  const { app: corsApp } = await createTestApp({ CORS_ORIGINS: ["https://partner.example"] });

  it("allows a listed origin and no other", async () => {
    const ok = await corsApp.request("/api/health", {
      headers: { Origin: "https://partner.example" },
    });
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe("https://partner.example");
    const other = await corsApp.request("/api/health", {
      headers: { Origin: "https://evil.example" },
    });
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
