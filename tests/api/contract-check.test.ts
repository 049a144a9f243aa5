import { describe, expect, it } from "vitest";
import { type ContractDocument, contractProblems } from "../support/contract.ts";
import { createTestApp } from "../support/test-app.ts";

// The check every answer of the api and worker suites goes through (tests/support/contract.ts,
// docs/decisions/0067-…): it passes what the document describes and names what it does not.

const { app } = await createTestApp();
const document = (await (await app.request("/api/openapi.json")).json()) as ContractDocument;
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers({ "Content-Type": "application/json", ...headers }),
  body: body === undefined ? "" : JSON.stringify(body),
});
const health = { status: "ok", database: "ok" };

describe("the contract check", () => {
  it("passes answers as the document describes them", () => {
    expect(contractProblems(document, "GET", "/api/health", answer(200, health))).toEqual([]);
    const busy = answer(429, { detail: "Wait.", code: "too_many_requests" }, { "Retry-After": "60" });
    expect(contractProblems(document, "POST", "/api/auth/token", busy)).toEqual([]);
    const gone = answer(404, { detail: "No API route matches GET /api/nothing.", code: "not_found" });
    expect(contractProblems(document, "GET", "/api/nothing", gone)).toEqual([]);
    const slash = { status: 301, headers: new Headers({ Location: "/api/products" }), body: "" };
    expect(contractProblems(document, "GET", "/api/products/", slash)).toEqual([]);
  });

  it("names the operation, the status and the schema's complaint when an answer does not match", () => {
    expect(contractProblems(document, "GET", "/api/health", answer(200, { status: "ok" }))).toEqual([
      expect.stringMatching(/^GET \/api\/health \(getHealth\) answered 200: .*must have required property 'database'/),
    ]);
    expect(contractProblems(document, "GET", "/api/health", answer(418, { detail: "x", code: "teapot" }))).toEqual([
      expect.stringMatching(/^GET \/api\/health \(getHealth\) answered 418, which the document does not list/),
    ]);
    const withExtra = answer(400, { detail: "x", code: "y", current: 1 });
    expect(contractProblems(document, "POST", "/api/auth/token", withExtra)).toEqual([
      expect.stringMatching(/must NOT have additional properties 'current'/),
    ]);
    const noRetryAfter = answer(429, { detail: "Wait.", code: "too_many_requests" });
    expect(contractProblems(document, "POST", "/api/auth/token", noRetryAfter)).toEqual([
      expect.stringMatching(/answered 429 without the header Retry-After it documents/),
    ]);
    expect(contractProblems(document, "GET", "/api/products", answer(200, [], {}))[0]).toMatch(
      /answered 200 without the header ETag/,
    );
    expect(contractProblems(document, "GET", "/api/nothing", answer(200, {}))).toEqual([
      expect.stringMatching(/has no operation GET for this path/),
    ]);
  });
});
