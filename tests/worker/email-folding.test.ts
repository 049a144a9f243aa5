import { expect, it } from "vitest";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// Issue 26 (7e) in workerd: ADMIN_EMAIL and the address a visitor types are folded alike
// (docs/decisions/0036-email-folding.md), so a Turkish keyboard's İ reaches the account.

// The database is seeded with admin@example.com; the Worker is told ADMİN@EXAMPLE.COM.
const { request } = setUpWorkerShop({ clientAddress: "198.51.100.70", settings: { ADMIN_EMAIL: "ADMİN@EXAMPLE.COM" } });
const post = (path: string, body: unknown) => request("POST", path, { body });

it("lets the administrator in as ADMİN@EXAMPLE.COM, on both sign-in routes", async () => {
  const typed = { email: "ADMİN@EXAMPLE.COM", password: testAdmin.password };
  const admin = await post("/api/admin/login", typed);
  expect(admin.status).toBe(200);
  expect(await admin.json()).toMatchObject({ user: { email: "admin@example.com", role: "admin" } });

  const token = await post("/api/auth/token?grant_type=password", typed);
  expect(token.status).toBe(200);
});
