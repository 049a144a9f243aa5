import { SignJWT } from "jose";
import { expect, it } from "vitest";
import { setUpWorkerShop, testAdmin, testSettings } from "./harness.ts";

// Issue 26 (5) in workerd: strangers' wrong passwords lock strangers out, not the administrator's
// device that signed in before (device cookies, docs/decisions/0035-device-cookies.md).

// https, so the device cookie is a Secure one, as a deployment sets it.
const { request, signIn } = setUpWorkerShop({ clientAddress: "198.51.100.80", origin: "https://shop.test" });

const adminLogin = (password: string, init: { cookie?: string; clientAddress?: string } = {}) =>
  request("POST", "/api/admin/login", { ...init, body: { email: testAdmin.email, password } });

it("lets the administrator's device in after ten wrong passwords from elsewhere; no one else", async () => {
  const earlier = await adminLogin(testAdmin.password);
  expect(earlier.status).toBe(200);
  const set = earlier.headers.getSetCookie().find((c) => c.startsWith("device-")) ?? "";
  expect(set).toMatch(/; HttpOnly/);
  expect(set).toMatch(/; Secure/);
  expect(set).toMatch(/; SameSite=Strict/);
  const cookie = set.split(";")[0] as string;

  const guesses = await Promise.all(
    Array.from({ length: 12 }, (_, i) => adminLogin(`guess-${i}`, { clientAddress: `203.0.113.${i}` })),
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
  const token = await signIn(testAdmin.email, testAdmin.password, { cookie, clientAddress: "198.51.100.81" });
  expect(token.status).toBe(200);
});
