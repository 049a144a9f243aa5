import { SignJWT } from "jose";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startWorkerShop, testAdmin, testSettings, type WorkerShop } from "./harness.ts";

// Issue 26 (5) in workerd: strangers' wrong passwords lock strangers out, not the administrator's
// device that signed in before (device cookies, docs/decisions/0035-device-cookies.md).

let shop: WorkerShop;
let worker: Miniflare;
beforeAll(async () => {
  shop = await startWorkerShop();
  ({ worker } = shop);
});
afterAll(() => shop?.stop());

const adminLogin = (password: string, { cookie, ip = "198.51.100.80" }: { cookie?: string; ip?: string } = {}) =>
  worker.dispatchFetch("https://shop.test/api/admin/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ email: testAdmin.email, password }),
  });

it("lets the administrator's device in after ten wrong passwords from elsewhere; no one else", async () => {
  const earlier = await adminLogin(testAdmin.password);
  expect(earlier.status).toBe(200);
  const set = earlier.headers.getSetCookie().find((c) => c.startsWith("device-")) ?? "";
  expect(set).toMatch(/; HttpOnly/);
  expect(set).toMatch(/; Secure/);
  expect(set).toMatch(/; SameSite=Strict/);
  const cookie = set.split(";")[0] as string;

  const guesses = await Promise.all(
    Array.from({ length: 12 }, (_, i) => adminLogin(`guess-${i}`, { ip: `203.0.113.${i}` })),
  );
  expect(guesses.map((r) => r.status).sort()).toEqual([...Array(10).fill(401), 429, 429]);

  const elsewhere = await adminLogin(testAdmin.password);
  expect(elsewhere.status).toBe(429);
  expect(await elsewhere.json()).toMatchObject({
    code: "account_locked",
    detail: "Too many sign-in attempts for this account. Please wait 15 minutes or reset your password by e-mail.",
  });
  // A cookie signed with the access tokens' key is not a device cookie.
  const [name] = cookie.split("=");
  const forged = await new SignJWT({ sub: testAdmin.email, jti: "x" })
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode(testSettings.JWT_SECRET));
  expect((await adminLogin(testAdmin.password, { cookie: `${name}=${forged}` })).status).toBe(429);

  const fromDevice = await adminLogin(testAdmin.password, { cookie });
  expect(fromDevice.status).toBe(200);
  const token = await worker.dispatchFetch("https://shop.test/api/auth/token?grant_type=password", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.81", Cookie: cookie },
    body: JSON.stringify(testAdmin),
  });
  expect(token.status).toBe(200);
});
