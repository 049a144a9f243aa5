import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, rateLimits } from "../../worker/db/schema.ts";
import {
  type AdminShop,
  adminWriteRaceCases,
  idempotencyKeyCases,
  provokedFailure,
} from "../support/admin-write-races.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// Issue 28 in the production runtime: the built Worker under workerd, each request with its own
// `@libsql/client/web` client over the local Turso-protocol endpoint. The same cases as
// tests/api/admin-write-races.test.ts; how long keys are kept is tested there, on the test clock,
// and here only that the cron removes the expired ones.

const shop = setUpWorkerShop({
  clientAddress: "198.51.100.32",
  // The failure one case provokes on purpose is logged as the server error it is; any other
  // error still fails the test (fail-on-console-error.ts).
  onLog: (log) => {
    if (log.level === "error" && !log.message.includes(provokedFailure)) console.error(`workerd: ${log.message}`);
  },
});
let token: string;
beforeAll(async () => {
  const login = await shop.request("POST", "/api/admin/login", { body: testAdmin });
  ({ access_token: token } = (await login.json()) as { access_token: string });
});

const call: AdminShop["call"] = (method, path, body, headers) =>
  shop.request(method, path, { body, token, ...(headers ? { headers } : {}) });

adminWriteRaceCases(() => ({ call, db: shop.database.db }));

describe("what an Idempotency-Key names (issue 37)", () => {
  idempotencyKeyCases(() => ({ call, db: shop.database.db }));
});

describe("the cron's pass over write answers", () => {
  it("removes the answers past their 30 days and keeps the others", async () => {
    const day = 24 * 60 * 60 * 1000;
    const answer = (key: string, age: number) => ({
      key,
      userId: "someone",
      method: "POST",
      path: "/api/admin/products",
      status: 201,
      body: "{}",
      createdAt: new Date(Date.now() - age),
    });
    const { db } = shop.database;
    await db.insert(idempotencyKeys).values([answer("expired", 31 * day), answer("kept", 29 * day)]);
    const result = await (await shop.worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
    expect(result.outcome).toBe("ok");
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, "someone"));
    expect(left).toEqual([{ key: "kept" }]);
  });

  it("removes attempt counters past their window, whose keys name client addresses, and keeps the others", async () => {
    const { db } = shop.database;
    const now = Date.now();
    await db.insert(rateLimits).values([
      { key: "signup:ip:203.0.113.7", count: 3, resetAt: new Date(now - 60_000) },
      { key: "signup:ip:203.0.113.8", count: 1, resetAt: new Date(now + 3_600_000) },
    ]);
    const result = await (await shop.worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
    expect(result.outcome).toBe("ok");
    const left = await db.select({ key: rateLimits.key }).from(rateLimits);
    expect(left.map((row) => row.key)).not.toContain("signup:ip:203.0.113.7");
    expect(left.map((row) => row.key)).toContain("signup:ip:203.0.113.8");
  });
});
