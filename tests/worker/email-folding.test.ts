import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type HranaServer, startHranaServer } from "../../worker/dev/hrana-server.ts";
import { createTestDatabase, ensureBuilt, startWorker, type TestDatabase, testAdmin, testSettings } from "./harness.ts";

// Issue 26 (7e) in workerd: ADMIN_EMAIL and the address a visitor types are folded alike
// (docs/decisions/0036-email-folding.md), so a Turkish keyboard's İ reaches the account.

let database: TestDatabase;
let hrana: HranaServer;
let worker: Miniflare;
beforeAll(async () => {
  ensureBuilt();
  database = await createTestDatabase(testAdmin); // seeded as admin@example.com
  hrana = await startHranaServer({ file: database.file });
  worker = await startWorker({ ...testSettings, ADMIN_EMAIL: "ADMİN@EXAMPLE.COM", DATABASE_URL: hrana.url });
});
afterAll(async () => {
  await worker?.dispose();
  await hrana?.close();
  database?.cleanup();
});

const post = (path: string, body: unknown) =>
  worker.dispatchFetch(`http://shop.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.70" },
    body: JSON.stringify(body),
  });

it("lets the administrator in as ADMİN@EXAMPLE.COM, on both sign-in routes", async () => {
  const typed = { email: "ADMİN@EXAMPLE.COM", password: testAdmin.password };
  const admin = await post("/api/admin/login", typed);
  expect(admin.status).toBe(200);
  expect(await admin.json()).toMatchObject({ user: { email: "admin@example.com", role: "admin" } });

  const token = await post("/api/auth/token?grant_type=password", typed);
  expect(token.status).toBe(200);
});
