import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { emailOutbox, users } from "../../worker/db/schema.ts";
import { attemptKey } from "../../worker/lib/rate-limit.ts";
import { answerSurvey } from "../support/factories.ts";
import { setUpWorkerShop, testSettings } from "./harness.ts";

// Issue 26 (4) in workerd: a stranger's later sign-up for a pending address cannot get their
// password confirmed through the owner's mailbox (docs/decisions/0034-pending-registrations.md).

// https, so the registration cookie is a Secure one, as a deployment sets it.
const shop = setUpWorkerShop({ clientAddress: "198.51.100.90", origin: "https://shop.test" });
const { request, signIn } = shop;

const email = "worker.owner@example.com";
const signUp = (password: string, temperament: "melancholic" | "choleric") =>
  request("POST", "/api/auth/signup", {
    body: {
      first_name: "Elif",
      last_name: "Kaya",
      email,
      password,
      survey_responses: answerSurvey(seedSurveyQuestions, temperament),
    },
  });

it("the owner's links ask for the password, and only the owner's own link confirms, with the owner's password", async () => {
  const owner = await signUp("owner-lavender-1", "melancholic");
  expect(owner.status).toBe(202);
  const cookie = owner.headers.getSetCookie().find((c) => c.startsWith("registration=")) ?? "";
  // The minute the server waits between two e-mails to one address, passed.
  const throttle = await attemptKey(testSettings.JWT_SECRET, "email", email);
  await shop.database.client.execute({ sql: "delete from rate_limits where key = ?", args: [throttle] });
  expect((await signUp("attacker-pass-9", "choleric")).status).toBe(202);

  const links = await shop.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "verify_email")))
    .orderBy(emailOutbox.id);
  const [ownersToken, attackersToken] = links.map((mail) => /verify\?token=([\w-]+)/.exec(mail.text)?.[1] ?? "");
  expect(attackersToken).toMatch(/^[\w-]{43}$/);

  const followed = await request("GET", `/api/auth/verify?token=${attackersToken}`);
  expect(followed.status).toBe(303);
  expect(followed.headers.get("Location")).toBe(`/confirm-email#token=${attackersToken}`);
  const confirm = (token: string, password: string) =>
    request("POST", "/api/auth/verify", { body: { type: "signup", token, password } });
  const refused = await confirm(attackersToken as string, "owner-lavender-1");
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ code: "wrong_password" });
  expect((await shop.database.db.query.users.findFirst({ where: eq(users.email, email) }))?.emailVerifiedAt).toBeNull();

  expect((await confirm(ownersToken as string, "owner-lavender-1")).status).toBe(200);
  expect((await signIn(email, "owner-lavender-1")).status).toBe(200);
  expect((await signIn(email, "attacker-pass-9")).status).toBe(400);
  // The owner's own browser would have confirmed at once (an https shop: a Secure cookie); now
  // the link is spent.
  expect(cookie).toMatch(/; Path=\/api\/auth\/verify; HttpOnly; Secure; SameSite=Lax$/);
  const again = await request("GET", `/api/auth/verify?token=${ownersToken}`, { cookie: cookie.split(";")[0] });
  expect(again.headers.get("Location")).toBe("/verify-email?problem=used");
});
