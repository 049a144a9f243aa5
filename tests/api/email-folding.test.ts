import { desc } from "drizzle-orm";
import { expect, it } from "vitest";
import { parseConfig } from "../../worker/config/config.ts";
import { emailOutbox } from "../../worker/db/schema.ts";
import { createMember, createSurvey, signupBody } from "../support/factories.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 26 (7e): what a Turkish keyboard types reaches the account. `İNFO@EXAMPLE.COM` was
// refused as "must be an e-mail address", since JavaScript lower-cases İ to "i" + U+0307
// (docs/decisions/0036-email-folding.md).

const { app, db, survey } = await (async () => {
  const shop = await createTestApp({
    ADMIN_EMAIL: "admin@test.local",
    SIGNIN_LIMIT_PER_ACCOUNT: 1000,
    SIGNIN_LIMIT_PER_IP: 1000,
  });
  return { ...shop, survey: await createSurvey(shop.db) };
})();

const post = (path: string, body: unknown) =>
  app.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** A member whose account was made as `stored` signs in typing `typed` and the right password. */
async function signInTyping(stored: string, typed: string) {
  const member = await createMember(db, { email: stored });
  const res = await post("/api/auth/token?grant_type=password", { email: typed, password: member.password });
  return { member, res };
}

it("signs in an account made as info@example.com when İNFO@EXAMPLE.COM is typed", async () => {
  const { member, res } = await signInTyping("info@example.com", "İNFO@EXAMPLE.COM");
  expect(res.status).toBe(200);
  expect(((await res.json()) as { user: { id: string } }).user.id).toBe(member.id);
});

it("signs in with the Kelvin sign where the address has a k", async () => {
  const { res } = await signInTyping("kerem@example.com", "\u212AEREM@EXAMPLE.COM");
  expect(res.status).toBe(200);
});

it("signs up and mails the reset link under the folded address", async () => {
  const signup = await post("/api/auth/signup", signupBody(survey, { email: "AYSEGUL.İLHAN@EXAMPLE.COM" }));
  expect(signup.status).toBe(202);
  expect(await signup.json()).toEqual({ status: "verification_sent", email: "aysegul.ilhan@example.com" });

  await createMember(db, { email: "ilknur@example.com" });
  const recover = await post("/api/auth/recover", { email: "İLKNUR@EXAMPLE.COM" });
  expect(recover.status).toBe(202);
  const [mail] = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
  expect(mail).toMatchObject({ kind: "reset_password", to: "ilknur@example.com" });
});

it("folds ADMIN_EMAIL the same way, so the administrator signs in as typed", async () => {
  const config = parseConfig({ ...testSettings, DATABASE_URL: ":memory:", ADMIN_EMAIL: " ADMİN@TEST.LOCAL " });
  expect(config.ADMIN_EMAIL).toBe("admin@test.local");

  const admin = await createMember(db, { email: "admin@test.local", role: "admin", password: "admin-password" });
  const res = await post("/api/admin/login", { email: "ADMİN@TEST.LOCAL", password: admin.password });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { user: { email: string } }).user.email).toBe("admin@test.local");
});
