import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { hashToken } from "../../worker/auth/tokens.ts";
import type { AppConfig } from "../../worker/config/config.ts";
import type { Database } from "../../worker/db/client.ts";
import {
  emailOutbox,
  rateLimits,
  registrations,
  surveyResponses,
  type Temperament,
  temperamentResults,
  users,
} from "../../worker/db/schema.ts";
import { attemptKey } from "../../worker/lib/rate-limit.ts";
import { answerSurvey, createSurvey, signupBody } from "../support/factories.ts";
import { rawJsonPost } from "../support/raw-json-post.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// POST /api/auth/signup, GET /api/auth/verify and POST /api/auth/verify/resend, in-process over
// a real libSQL file. Each `describe` gets its own app and database where its settings differ.

const minute = 60_000;
const hour = 60 * minute;

async function shop(overrides: Partial<AppConfig> = {}) {
  const shop = await createTestApp(overrides);
  const survey = await createSurvey(shop.db);
  // The browser of each address's latest sign-up: its cookie confirms that sign-up's link at once
  // (elsewhere the link asks for the password: tests/api/pending-takeover.test.ts).
  const browsers = new Map<string, string>();
  const post = async (path: string, body: unknown, client = "192.0.2.1") => {
    const res = await shop.app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Test-Client": client },
      body: JSON.stringify(body),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("registration="));
    if (res.status === 202 && cookie) {
      browsers.set(((await res.clone().json()) as { email: string }).email, cookie.split(";")[0] as string);
    }
    return res;
  };
  /** Follows a verification link in the browser that signed `email` up. */
  const visit = (token: string, email?: string) =>
    shop.app.request(`/api/auth/verify?token=${encodeURIComponent(token)}`, {
      headers: { Cookie: (email && browsers.get(email)) || "" },
    });
  const cookieOf = (email: string) => browsers.get(email) ?? "";
  return { ...shop, survey, post, visit, cookieOf };
}

/** The e-mails written to one address, newest first. */
const mailTo = (db: Database, to: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));

/** The verification link's token in the newest verification e-mail to an address. */
async function verificationToken(db: Database, to: string): Promise<string> {
  const [mail] = (await mailTo(db, to)).filter((m) => m.kind === "verify_email");
  const match = /\/api\/auth\/verify\?token=([\w-]+)/.exec(mail?.text ?? "");
  if (!match?.[1]) throw new Error(`no verification link to ${to}`);
  return match[1];
}

const memberByEmail = (db: Database, email: string) => db.query.users.findFirst({ where: eq(users.email, email) });

describe("signing up", async () => {
  const { app, db, clock, survey, post, visit, cookieOf } = await shop({ SIGNUP_LIMIT_PER_HOUR: 1000 });

  it("creates an unverified member with the answers and result, and writes the verification e-mail", async () => {
    const body = signupBody(survey, { email: "  Ayse.Yilmaz@Example.COM " });
    const res = await post("/api/auth/signup", body);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: "verification_sent", email: "ayse.yilmaz@example.com" });

    const member = await memberByEmail(db, "ayse.yilmaz@example.com");
    expect(member).toMatchObject({ firstName: "Ayşe", lastName: "Yılmaz", role: "member", emailVerifiedAt: null });
    if (!member) return;
    // At the test suite's parameters (the production ones: worker/auth/password.test.ts, and
    // tests/worker/members.test.ts for the built Worker).
    expect(member.passwordHash).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await nodePasswordHasher.verify(body.password, member.passwordHash)).toBe(true);

    const answers = await db.select().from(surveyResponses).where(eq(surveyResponses.userId, member.id));
    expect(Object.fromEntries(answers.map((a) => [String(a.questionId), a.answer]))).toEqual(body.survey_responses);
    const result = await db.query.temperamentResults.findFirst({ where: eq(temperamentResults.userId, member.id) });
    expect(result).toMatchObject({
      dominant: "sanguine",
      secondary: "choleric",
      scores: { sanguine: 20, choleric: 0, melancholic: 0, phlegmatic: 0 },
    });

    const [mail, ...more] = await mailTo(db, "ayse.yilmaz@example.com");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "verify_email", subject: "Confirm your e-mail address · Doğal Yaşam" });
    expect(mail?.html).toContain("Hello Ayşe,");
    const token = await verificationToken(db, "ayse.yilmaz@example.com");
    // 256 random bits in base64url, stored only as its SHA-256, expiring in 24 hours.
    expect(token).toMatch(/^[\w-]{43}$/);
    // It belongs to this sign-up's registration, which holds what the sign-up chose.
    const stored = await db.select().from(registrations).where(eq(registrations.email, member.email));
    expect(stored).toEqual([
      expect.objectContaining({
        tokenHash: await hashToken(token),
        passwordHash: member.passwordHash,
        firstName: "Ayşe",
        temperament: { dominant: "sanguine", secondary: "choleric", scores: result?.scores },
        confirmedAt: null,
      }),
    ]);
    expect(stored[0]?.answers).toHaveLength(20);
    expect(stored[0]?.tokenHash).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(clock.now().getTime() + 24 * hour);
  });

  it("answers a second sign-up for a confirmed address exactly like a new one, and tells the owner instead", async () => {
    const first = signupBody(survey);
    await post("/api/auth/signup", first);
    const verified = await visit(await verificationToken(db, first.email), first.email);
    expect(verified.headers.get("Location")).toBe("/verify-success");
    const before = await memberByEmail(db, first.email);
    clock.advance(2 * minute); // past the address's e-mail throttle

    const again = await post(
      "/api/auth/signup",
      signupBody(survey, { email: first.email, password: "another-password" }),
    );
    const fresh = await post("/api/auth/signup", signupBody(survey));
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(await again.json())).toEqual(Object.keys(await fresh.json()));

    expect(await memberByEmail(db, first.email)).toEqual(before); // password, names, verification unchanged
    const [notice] = await mailTo(db, first.email);
    expect(notice).toMatchObject({ kind: "account_exists", subject: "You already have an account · Doğal Yaşam" });
    expect(notice?.text).toContain("/signin");
    expect(await db.$count(users, eq(users.email, first.email))).toBe(1);
  });

  it("shows the newest sign-up for an unconfirmed address as the pending member; each link confirms its own", async () => {
    const first = signupBody(survey);
    await post("/api/auth/signup", first);
    const firstBrowser = cookieOf(first.email);
    const oldToken = await verificationToken(db, first.email);
    clock.advance(2 * minute);
    const second = {
      ...first,
      first_name: "Zeynep",
      password: "second-password",
      survey_responses: answerSurvey(survey, "phlegmatic"),
    };
    expect((await post("/api/auth/signup", second)).status).toBe(202);

    const member = await memberByEmail(db, first.email);
    expect(member?.firstName).toBe("Zeynep");
    expect(await nodePasswordHasher.verify("second-password", member?.passwordHash ?? "")).toBe(true);
    const result = await db.query.temperamentResults.findFirst({
      where: eq(temperamentResults.userId, member?.id ?? ""),
    });
    expect(result?.dominant).toBe("phlegmatic");
    expect(await db.$count(surveyResponses, eq(surveyResponses.userId, member?.id ?? ""))).toBe(20);

    // The first link still works, in the first sign-up's browser, and confirms the first
    // sign-up's choices; the second sign-up is dropped with its link.
    const newToken = await verificationToken(db, first.email);
    const confirmed = await app.request(`/api/auth/verify?token=${oldToken}`, { headers: { Cookie: firstBrowser } });
    expect(confirmed.headers.get("Location")).toBe("/verify-success");
    const account = await memberByEmail(db, first.email);
    expect(account?.firstName).toBe("Ayşe");
    expect(await nodePasswordHasher.verify(first.password, account?.passwordHash ?? "")).toBe(true);
    expect(
      (await db.query.temperamentResults.findFirst({ where: eq(temperamentResults.userId, account?.id ?? "") }))
        ?.dominant,
    ).toBe("sanguine");
    expect((await visit(newToken, first.email)).headers.get("Location")).toBe("/verify-email?problem=invalid");
  });

  it("sends at most one e-mail a minute to an address, whatever the sign-ups", async () => {
    const body = signupBody(survey);
    await post("/api/auth/signup", body);
    const again = await post("/api/auth/signup", { ...body, first_name: "Elif" });
    expect(again.status).toBe(202);
    expect(await mailTo(db, body.email)).toHaveLength(1);
    expect((await memberByEmail(db, body.email))?.firstName).toBe("Ayşe"); // a throttled request changes nothing

    clock.advance(minute + 1);
    await post("/api/auth/signup", { ...body, first_name: "Elif" });
    expect(await mailTo(db, body.email)).toHaveLength(2);
    expect((await memberByEmail(db, body.email))?.firstName).toBe("Elif");
  });

  it("creates one member when the same new address signs up several times at once", async () => {
    const body = signupBody(survey);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post("/api/auth/signup", body)));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    expect(await db.$count(users, eq(users.email, body.email))).toBe(1);
    expect(await mailTo(db, body.email)).toHaveLength(1);
  });
});

describe("the sign-up payload", async () => {
  const { app, db, survey, post } = await shop({ SIGNUP_LIMIT_PER_HOUR: 1000 });
  const valid = () => signupBody(survey);
  const firstQuestion = String(survey[0]?.id);
  const withAnswers = (change: (answers: Record<string, string>) => void) => {
    const body = valid();
    change(body.survey_responses);
    return body;
  };

  it.each([
    ["no first name", () => ({ ...valid(), first_name: undefined }), "first_name"],
    ["a blank last name", () => ({ ...valid(), last_name: "   " }), "last_name"],
    ["no e-mail", () => ({ ...valid(), email: undefined }), "email"],
    ["a malformed e-mail", () => ({ ...valid(), email: "ayse@" }), "email"],
    ["an e-mail longer than 254 characters", () => ({ ...valid(), email: `${"a".repeat(250)}@example.com` }), "email"],
    ["no password", () => ({ ...valid(), password: undefined }), "password"],
    ["a password of 5 characters", () => ({ ...valid(), password: "12345" }), "password"],
    ["a password of 129 characters", () => ({ ...valid(), password: "p".repeat(129) }), "password"],
    ["a first name of 101 characters", () => ({ ...valid(), first_name: "A".repeat(101) }), "first_name"],
    ["a last name that is a number", () => ({ ...valid(), last_name: 42 }), "last_name"],
    ["a field the contract does not know", () => ({ ...valid(), is_admin: true }), ""],
    ["no answers at all", () => ({ ...valid(), survey_responses: undefined }), "survey_responses"],
    ["answers that are not a map", () => ({ ...valid(), survey_responses: ["a"] }), "survey_responses"],
    ["a missing answer", () => withAnswers((a) => delete a[firstQuestion]), `survey_responses.${firstQuestion}`],
    ["an answer to an unknown question", () => withAnswers((a) => (a["999"] = "Yes")), "survey_responses.999"],
    [
      "an answer that is not one of the question's options",
      () => withAnswers((a) => (a[firstQuestion] = "Something else")),
      `survey_responses.${firstQuestion}`,
    ],
  ])("is refused with 400 and the field named for %s, and nothing is written", async (_, make, field) => {
    const body = make() as { email?: unknown };
    const res = await post("/api/auth/signup", body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { detail: string; code: string; fields: Record<string, string> };
    expect(error.code).toBe("invalid_request");
    expect(error.detail).toMatch(/\w/);
    if (field) expect(Object.keys(error.fields)).toContain(field);
    else expect(error.fields).toBeDefined();
    expect(await db.$count(users)).toBe(0);
    expect(await db.$count(emailOutbox)).toBe(0);
  });

  it("refuses malformed JSON with 400, not 500", async () => {
    const res = await app.request("/api/auth/signup", rawJsonPost('{"first_name": "Ay'));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "malformed_json" });
  });
});

describe("the temperament result", async () => {
  const { db, clock, survey, post } = await shop({ SIGNUP_LIMIT_PER_HOUR: 1000 });

  const resultFor = async (choose: (index: number) => Temperament) => {
    const body = signupBody(survey, { survey_responses: answerSurvey(survey, choose) });
    expect((await post("/api/auth/signup", body)).status).toBe(202);
    clock.advance(minute + 1);
    const member = await memberByEmail(db, body.email);
    return db.query.temperamentResults.findFirst({ where: eq(temperamentResults.userId, member?.id ?? "") });
  };

  it("names the most chosen temperament dominant and the next secondary, with the scores", async () => {
    // 12 phlegmatic, 5 melancholic, 3 sanguine.
    const pick = (i: number): Temperament => (i < 12 ? "phlegmatic" : i < 17 ? "melancholic" : "sanguine");
    expect(await resultFor(pick)).toMatchObject({
      dominant: "phlegmatic",
      secondary: "melancholic",
      scores: { sanguine: 3, choleric: 0, melancholic: 5, phlegmatic: 12 },
    });
  });

  it("breaks a tie by the fixed order sanguine, choleric, melancholic, phlegmatic", async () => {
    // 10 melancholic and 10 choleric: choleric comes first in the order.
    const pick = (i: number): Temperament => (i % 2 ? "melancholic" : "choleric");
    expect(await resultFor(pick)).toMatchObject({ dominant: "choleric", secondary: "melancholic" });
    // 10 phlegmatic and 5 each of two others: the secondary's tie goes to sanguine.
    const spread = (i: number): Temperament => (i < 10 ? "phlegmatic" : i < 15 ? "melancholic" : "sanguine");
    expect(await resultFor(spread)).toMatchObject({ dominant: "phlegmatic", secondary: "sanguine" });
  });
});

describe("verifying the address", async () => {
  const { app, db, clock, survey, post, visit } = await shop({ SIGNUP_LIMIT_PER_HOUR: 1000 });

  it("verifies once, then says the link was used; the result e-mail is written at once by default", async () => {
    const body = signupBody(survey);
    await post("/api/auth/signup", body);
    const token = await verificationToken(db, body.email);
    clock.advance(5 * minute);

    const first = await visit(token, body.email);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/verify-success");
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const member = await memberByEmail(db, body.email);
    expect(member?.emailVerifiedAt?.getTime()).toBe(clock.now().getTime());
    const [result] = await mailTo(db, body.email);
    expect(result).toMatchObject({ kind: "temperament_result", subject: "Your temperament test result · Doğal Yaşam" });
    expect(result?.sendAfter.getTime()).toBe(clock.now().getTime());
    expect(result?.text).toContain("Sanguine (dominant)");
    expect(result?.text).toContain("/profile");

    const second = await visit(token, body.email);
    expect(second.headers.get("Location")).toBe("/verify-email?problem=used");
    expect(
      await db.$count(emailOutbox, and(eq(emailOutbox.to, body.email), eq(emailOutbox.kind, "temperament_result"))),
    ).toBe(1);
  });

  it("refuses a link older than 24 hours, and one that never existed", async () => {
    const body = signupBody(survey);
    await post("/api/auth/signup", body);
    const token = await verificationToken(db, body.email);
    clock.advance(24 * hour);
    expect((await visit(token, body.email)).headers.get("Location")).toBe("/verify-email?problem=expired");
    expect((await memberByEmail(db, body.email))?.emailVerifiedAt).toBeNull();
    expect((await visit("not-a-token")).headers.get("Location")).toBe("/verify-email?problem=invalid");
    expect((await app.request("/api/auth/verify")).headers.get("Location")).toBe("/verify-email?problem=invalid");
  });
});

describe("the result e-mail's delay", async () => {
  const { db, clock, survey, post, visit } = await shop({
    RESULT_EMAIL_DELAY_MINUTES: 120,
    SIGNUP_LIMIT_PER_HOUR: 1000,
  });

  const signUpAndVerifyAfter = async (wait: number) => {
    const body = signupBody(survey);
    await post("/api/auth/signup", body);
    const registered = clock.now().getTime();
    clock.advance(wait);
    await visit(await verificationToken(db, body.email), body.email);
    const [result] = await mailTo(db, body.email);
    expect(result?.kind).toBe("temperament_result");
    return { registered, sendAfter: result?.sendAfter.getTime() ?? 0 };
  };

  it("waits the configured delay after verification", async () => {
    const { registered, sendAfter } = await signUpAndVerifyAfter(hour);
    expect(sendAfter).toBe(registered + hour + 2 * hour);
  });

  it("never waits past 24 hours after registration", async () => {
    const { registered, sendAfter } = await signUpAndVerifyAfter(23 * hour);
    expect(sendAfter).toBe(registered + 24 * hour);
  });
});

describe("a new verification link", async () => {
  const { db, clock, survey, post, visit } = await shop({ SIGNUP_LIMIT_PER_HOUR: 1000 });

  it("answers the same for unknown, unconfirmed and confirmed addresses; only the unconfirmed one gets mail", async () => {
    const pending = signupBody(survey);
    const confirmed = signupBody(survey);
    await post("/api/auth/signup", pending);
    await post("/api/auth/signup", confirmed);
    await visit(await verificationToken(db, confirmed.email), confirmed.email);
    const oldToken = await verificationToken(db, pending.email);
    clock.advance(2 * minute);

    const answers = await Promise.all(
      [pending.email, confirmed.email, "nobody@example.com"].map(async (email) => {
        const res = await post("/api/auth/verify/resend", { email: ` ${email.toUpperCase()} ` });
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: { status: "verification_sent" } });

    expect((await mailTo(db, pending.email)).map((m) => m.kind)).toEqual(["verify_email", "verify_email"]);
    expect((await mailTo(db, confirmed.email)).map((m) => m.kind)).toEqual(["temperament_result", "verify_email"]);
    expect(await mailTo(db, "nobody@example.com")).toEqual([]);
    // The older link stops working; the new one verifies.
    expect((await visit(oldToken, pending.email)).headers.get("Location")).toBe("/verify-email?problem=invalid");
    const fresh = await verificationToken(db, pending.email);
    expect((await visit(fresh, pending.email)).headers.get("Location")).toBe("/verify-success");
  });

  it("is throttled to one e-mail a minute per address", async () => {
    const body = signupBody(survey);
    await post("/api/auth/signup", body);
    for (let i = 0; i < 3; i++) expect((await post("/api/auth/verify/resend", { email: body.email })).status).toBe(202);
    expect(await mailTo(db, body.email)).toHaveLength(1);
    clock.advance(minute + 1);
    await post("/api/auth/verify/resend", { email: body.email });
    expect(await mailTo(db, body.email)).toHaveLength(2);
  });

  it("refuses a malformed address with 400", async () => {
    const res = await post("/api/auth/verify/resend", { email: "nope" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_request", fields: { email: expect.any(String) } });
  });
});

describe("rate limits per client address", async () => {
  const { db, clock, survey, post } = await shop({ SIGNUP_LIMIT_PER_HOUR: 3, VERIFY_RESEND_LIMIT_PER_HOUR: 2 });

  it("answers 429 with Retry-After past the hourly limit, counted in the database, per address", async () => {
    for (let i = 0; i < 3; i++)
      expect((await post("/api/auth/signup", signupBody(survey), "198.51.100.7")).status).toBe(202);
    // Malformed requests count too: the limit is checked before anything else.
    const limited = await post("/api/auth/signup", { nonsense: true }, "198.51.100.7");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
    expect(await limited.json()).toMatchObject({ code: "too_many_requests", detail: expect.any(String) });
    const key = await attemptKey(testSettings.JWT_SECRET, "signup:ip", "198.51.100.7");
    expect(await db.$count(rateLimits, eq(rateLimits.key, key))).toBe(1);

    expect((await post("/api/auth/signup", signupBody(survey), "198.51.100.8")).status).toBe(202);
    clock.advance(hour);
    expect((await post("/api/auth/signup", signupBody(survey), "198.51.100.7")).status).toBe(202);
  });

  it("limits resend requests the same way", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post("/api/auth/verify/resend", { email: "x@example.com" }, "203.0.113.9")).status);
    expect(statuses).toEqual([202, 202, 429]);
  });
});
