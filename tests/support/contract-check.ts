import { appendFileSync } from "node:fs";
import { afterAll, afterEach, expect } from "vitest";
import { type ContractSource, checkAnswer, contractCounts, servedDocument, takeMismatches } from "./contract.ts";

/*
 * Setup file of the api and worker suites (vite.config.ts): every answer they receive from /api/*
 * is checked against the server's /api/openapi.json (contract.ts), and a test fails on what did
 * not match. In-process apps are checked by createTestApp (`checkedApp`), the Worker by
 * startWorker; here, fetch to a server on this machine (the Node server on a real socket,
 * workerd's own socket).
 */

const original = globalThis.fetch;
const sources = new Map<string, ContractSource>();
const loopback = new Set(["127.0.0.1", "localhost", "[::1]"]);

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const response = await original(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (loopback.has(url.hostname) && url.pathname.startsWith("/api/")) {
    let source = sources.get(url.origin);
    if (!source) {
      source = servedDocument(() => original(`${url.origin}/api/openapi.json`));
      sources.set(url.origin, source);
    }
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    await checkAnswer(source, method, url.href, response);
  }
  return response;
};

const explain = (mismatches: string[]) =>
  [
    `${mismatches.length} answer(s) do not match /api/openapi.json. Each operation is described by the describeRoute(...)`,
    "beside its handler in worker/routes/ (docs/decisions/0051-…, 0067-…, 0075-…): describe the answer there, or fix the server if the answer is wrong.",
    ...mismatches.map((m) => `  - ${m}`),
  ].join("\n");

afterEach(() => {
  const mismatches = takeMismatches();
  if (mismatches.length > 0) throw new Error(explain(mismatches));
});

afterAll(() => {
  // CONTRACT_STATS=file: one line per test file, for counting answers across the suites.
  const file = process.env.CONTRACT_STATS;
  if (file) appendFileSync(file, `${JSON.stringify({ file: expect.getState().testPath, ...contractCounts() })}\n`);
  // Answers received outside any test (a beforeAll's sign-in, an afterAll's clean-up).
  const mismatches = takeMismatches();
  if (mismatches.length > 0) throw new Error(explain(mismatches));
});
