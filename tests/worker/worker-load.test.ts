import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkerShop, type WorkerShop } from "./harness.ts";

// The built Worker under bursts of concurrent requests, as a busy minute in production sends
// them: one isolate, many requests in flight at once, each reaching the database over HTTP.

let shop: WorkerShop;
beforeAll(async () => {
  shop = await startWorkerShop();
});
afterAll(() => shop?.stop());

const paths = ["/api/health", "/api/products", "/api/categories", "/products", "/products/1"];

async function statusOf(path: string): Promise<string> {
  const res = await shop.worker.dispatchFetch(`http://shop.test${path}`);
  await res.arrayBuffer();
  return `${path} ${res.status}`;
}

describe("the Worker under concurrent requests", () => {
  it("answers three bursts of 120 concurrent requests without one failure, and single requests after", async () => {
    for (let round = 1; round <= 3; round++) {
      const burst = Array.from({ length: 120 }, (_, i) => statusOf(paths[i % paths.length] as string));
      const answers = await Promise.all(burst);
      const failures = answers.filter((answer) => !answer.endsWith(" 200"));
      expect(failures, `round ${round}`).toEqual([]);
    }
    for (const path of paths) expect(await statusOf(path)).toBe(`${path} 200`);
    // Every stream the Worker opened was closed again: nothing is left holding a slot.
    expect(shop.hrana.openStreamCount()).toBe(0);
  });
});
