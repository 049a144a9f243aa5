import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { emailOutbox, users } from "../../worker/db/schema.ts";
import { answerSurvey } from "../support/factories.ts";
import { setUpWorkerShop } from "./harness.ts";

// The member's journeys in the production runtime: the built Worker under workerd, over the
// local Turso-protocol endpoint. Sign-up writes the verification e-mail to the outbox, the cron
// trigger sends it, the link in it confirms the address and writes the result e-mail, which the
// next cron pass sends.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.20" });
const { request } = shop;

const outboxTo = (to: string, kind: "verify_email" | "temperament_result") =>
  shop.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

const runCron = async () => {
  const result = await (await shop.worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
  expect(result.outcome).toBe("ok");
};

it("signs up, sends the link from the cron, verifies once and sends the result", async () => {
  const email = "worker.member@example.com";
  const res = await request("POST", "/api/auth/signup", {
    body: {
      first_name: "Elif",
      last_name: "Kaya",
      email,
      password: "lavanta-yağı",
      survey_responses: answerSurvey(seedSurveyQuestions, (i) => (i < 11 ? "melancholic" : "choleric")),
    },
  });
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ status: "verification_sent", email });
  // The browser that signed up follows the link: its cookie confirms at once.
  const browser = {
    Cookie: res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
  };

  await runCron();
  const [verification] = await outboxTo(email, "verify_email");
  expect(verification?.sentAt).toBeInstanceOf(Date);
  const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(verification?.text ?? "")?.[0];
  expect(link).toMatch(/^http:\/\/shop\.test\/api\/auth\/verify\?token=/);

  const verified = await shop.worker.dispatchFetch(link as string, { redirect: "manual", headers: browser });
  expect(verified.status).toBe(303);
  expect(verified.headers.get("Location")).toBe("/verify-success");
  const member = await shop.database.db.query.users.findFirst({ where: eq(users.email, email) });
  expect(member?.emailVerifiedAt).toBeInstanceOf(Date);
  // Hashed in workerd by the WebAssembly engine; Node's own argon2 verifies it (and the seed's
  // Node-made administrator hash verifies in workerd: tests/worker/admin.test.ts).
  expect(member?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await nodePasswordHasher.verify("lavanta-yağı", member?.passwordHash ?? "")).toBe(true);

  await runCron();
  const [result] = await outboxTo(email, "temperament_result");
  expect(result?.sentAt).toBeInstanceOf(Date);
  expect(result?.text).toContain("Melancholic (dominant)");
  expect(result?.text).toContain("Choleric (secondary)");

  const again = await shop.worker.dispatchFetch(link as string, { redirect: "manual", headers: browser });
  expect(again.headers.get("Location")).toBe("/verify-email?problem=used");
});

it("limits sign-ups per client address with a 429 that says when to retry", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await request("POST", "/api/auth/signup", { body: { too: "little" }, clientAddress: "203.0.113.50" });
    statuses.push(res.status);
    if (res.status === 429) expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    await res.body?.cancel();
  }
  // The default limit is 10 an hour; malformed requests count too.
  expect(statuses).toEqual([...Array(10).fill(400), 429]);
});

it("signs in, reads the profile, refreshes, and signs out", async () => {
  const email = "worker.member@example.com"; // confirmed by the first test
  const clientAddress = "198.51.100.21";
  const post = (path: string, body: unknown, token?: string) => request("POST", path, { body, token, clientAddress });
  const profile = (token: string) => request("GET", "/api/user/profile", { token, clientAddress });

  const wrong = await post("/api/auth/token?grant_type=password", { email, password: "not-it" });
  expect(wrong.status).toBe(400);
  expect(await wrong.json()).toMatchObject({ detail: "Invalid login credentials" });

  const signedIn = await post("/api/auth/token?grant_type=password", { email, password: "lavanta-yağı" });
  expect(signedIn.status).toBe(200);
  const session = (await signedIn.json()) as { access_token: string; refresh_token: string; token_type: string };
  expect(session.token_type).toBe("bearer");
  const me = await profile(session.access_token);
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ email, first_name: "Elif", temperament: { dominant: "melancholic" } });

  const refreshed = await post("/api/auth/token?grant_type=refresh_token", { refresh_token: session.refresh_token });
  expect(refreshed.status).toBe(200);
  const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
  expect(next.refresh_token).not.toBe(session.refresh_token);
  expect((await profile(next.access_token)).status).toBe(200);

  const out = await post("/api/auth/logout", {}, next.access_token);
  expect(out.status).toBe(204);
  expect((await profile(next.access_token)).status).toBe(401);
  const after = await post("/api/auth/token?grant_type=refresh_token", { refresh_token: next.refresh_token });
  expect(after.status).toBe(400);
});
