import { and, eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminUser } from "../../worker/contract/admin.ts";
import type { SurveyQuestion } from "../../worker/contract/catalogue.ts";
import type { Profile } from "../../worker/contract/profile.ts";
import { migrationsFolder } from "../../worker/db/migrate.ts";
import { emailOutbox, registrations, surveyResponses, temperamentResults, users } from "../../worker/db/schema.ts";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { checkAnswers } from "../../worker/survey/answers.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { answerSurvey, createMember, createProduct, createSurvey, signupBody } from "../support/factories.ts";
import { registrationCookie } from "../support/members.ts";
import { databaseBeforeMigration } from "../support/migrations.ts";
import { startSmtpReceiver } from "../support/smtp-receiver.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 40, ADRs 0083 and 0084, in-process over a real libSQL file: the member's language is kept
// with the account (the sign-up page's, changed on the profile); every e-mail is written in it,
// subject included, with links to that language's pages, delivered by the real dispatcher to a
// real SMTP server on loopback; the survey reads in both languages, an answer given in one reads
// back in the other and scores the same. tests/worker/member-language.test.ts runs the same in
// workerd.

const { received, mailer } = await startSmtpReceiver();

const origin = "https://dogalyasam.example";
const { app, db, clock } = await createTestApp({
  PUBLIC_URL: `${origin}/`,
  SIGNUP_LIMIT_PER_HOUR: 1000,
  RECOVER_LIMIT_PER_HOUR: 1000,
  SIGNIN_LIMIT_PER_IP: 1000,
});
// The test's clock at the machine's, which e-mails written without a time wait from (deliver()).
clock.advance(Math.max(0, Date.now() - clock.now().getTime()));
const survey = await createSurvey(db);
const turkish = { "Accept-Language": "tr-TR,tr;q=0.9" };
const english = { "Accept-Language": "en-US,en;q=0.9" };

beforeEach(() => {
  received.length = 0;
});

/**
 * One dispatcher pass. An e-mail written without a time waits from the database's own clock (the
 * machine's), so the test's clock is first brought up to it.
 */
async function deliver(): Promise<void> {
  const behind = Date.now() + 1000 - clock.now().getTime();
  if (behind > 0) clock.advance(behind);
  const deps = { db, clock, logger: createLogger("silent"), from: "Doğal Yaşam <no-reply@dogalyasam.test>" };
  await dispatchOutbox({ ...deps, mailer, maxAttempts: 8 });
}

const mailTo = (to: string) => received.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.text : "") === to);

const turkishAnswers = (choose: Parameters<typeof answerSurvey>[1]) =>
  Object.fromEntries(
    Object.entries(answerSurvey(survey, choose)).map(([id, english]) => {
      const option = survey.find((q) => String(q.id) === id)?.options.find((o) => o.text === english);
      return [id, option?.textTr ?? ""];
    }),
  );

/** Signs up from a page in `headers`' language; returns the body and the browser's registration cookie. */
async function signUp(headers: Record<string, string>, fields: Record<string, unknown> = {}) {
  const body = signupBody(survey, fields);
  const response = await app.request("/api/auth/signup", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(202);
  const cookie = registrationCookie(response);
  return { body, cookie };
}

async function verificationLink(email: string): Promise<string> {
  const [verification] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "verify_email")));
  return /https:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(verification?.text ?? "")?.[0] ?? "";
}

async function signInToken(email: string, password: string): Promise<string> {
  const response = await app.request("/api/auth/token?grant_type=password", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe("a member who signs up on a Turkish page", () => {
  it("keeps Turkish, and gets every e-mail in Turkish with links to the Turkish pages", async () => {
    await createProduct(db, { name: "Adaçayı", temperaments: ["sanguine"] });
    const { body, cookie } = await signUp(turkish, { survey_responses: turkishAnswers("sanguine") });
    const member = await db.query.users.findFirst({ where: eq(users.email, body.email) });
    expect(member?.locale).toBe("tr");
    const [registration] = await db.select().from(registrations).where(eq(registrations.email, body.email));
    expect(registration?.locale).toBe("tr");

    await deliver();
    const [verification] = mailTo(body.email);
    expect(verification?.subject).toBe("E-posta adresinizi doğrulayın · Doğal Yaşam");
    expect(verification?.text).toContain(`Merhaba ${body.first_name},`);
    expect(verification?.text).toContain("bağlantı 24 saat geçerlidir");
    expect(verification?.html).toContain('<html lang="tr">');
    expect(verification?.html).toContain("E-posta adresimi doğrula");

    // The link goes through the API, which lands on the Turkish page.
    const link = await verificationLink(body.email);
    const verified = await app.request(link.replace(origin, ""), { headers: { Cookie: cookie, ...english } });
    expect(verified.headers.get("Location")).toBe("/tr/verify-success");
    expect((await app.request(link.replace(origin, ""), { headers: english })).headers.get("Location")).toBe(
      "/tr/verify-email?problem=used",
    );

    received.length = 0;
    await deliver();
    const [result] = mailTo(body.email);
    expect(result?.subject).toBe("Mizaç testi sonucunuz · Doğal Yaşam");
    expect(result?.text).toContain("Mizacınız: Demevi, ardından Safravi");
    expect(result?.text).toContain("Demevi (baskın): Sıcak, canlı ve sosyal");
    expect(result?.text).toContain("Mizacınıza önerdiklerimiz:");
    expect(result?.text).toMatch(new RegExp(`- Adaçayı\\n  ${origin}/tr/products/\\d+\\n`));
    expect(result?.text).toContain(`${origin}/tr/profile`);
    expect(result?.html).toContain(`href="${origin}/tr/profile"`);

    // The reset e-mail follows the account's language, whatever the page that asked for it.
    received.length = 0;
    const recover = await app.request("/api/auth/recover", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...english },
      body: JSON.stringify({ email: body.email }),
    });
    expect(recover.status).toBe(202);
    clock.advance(61_000);
    await deliver();
    const [reset] = mailTo(body.email);
    expect(reset?.subject).toBe("Şifrenizi sıfırlayın · Doğal Yaşam");
    expect(reset?.text).toMatch(new RegExp(`${origin}/tr/reset-password#token=[\\w-]+`));
    expect(reset?.html).toContain("Yeni şifre belirle");
  });

  it("is told in Turkish that the address already has an account, with the Turkish sign-in page", async () => {
    const member = await createMember(db, { locale: "tr" });
    await signUp(english, { email: member.email });
    await deliver();
    const [exists] = mailTo(member.email);
    expect(exists?.subject).toBe("Zaten bir hesabınız var · Doğal Yaşam");
    expect(exists?.text).toContain(`${origin}/tr/signin`);
  });
});

describe("a member who signs up on an English page", () => {
  it("keeps English: SPEC's e-mails and pages, as before", async () => {
    const { body, cookie } = await signUp(english);
    expect((await db.query.users.findFirst({ where: eq(users.email, body.email) }))?.locale).toBe("en");
    await deliver();
    expect(mailTo(body.email).map((m) => m.subject)).toEqual(["Confirm your e-mail address · Doğal Yaşam"]);
    const verified = await app.request((await verificationLink(body.email)).replace(origin, ""), {
      headers: { Cookie: cookie, ...turkish },
    });
    expect(verified.headers.get("Location")).toBe("/verify-success");
  });
});

describe("the member's language on the profile", () => {
  it("is read and changed through /api/user/profile/locale, and the next e-mail follows it", async () => {
    const member = await createMember(db);
    const token = await signInToken(member.email, member.password);
    const auth = { Authorization: `Bearer ${token}` };
    const read = await app.request("/api/user/profile/locale", { headers: auth });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ locale: "en" });

    const change = (locale: unknown) =>
      app.request("/api/user/profile/locale", {
        method: "PUT",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ locale }),
      });
    expect(await (await change("tr")).json()).toEqual({ locale: "tr" });
    expect(await (await app.request("/api/user/profile/locale", { headers: auth })).json()).toEqual({ locale: "tr" });
    const refused = await change("de");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "invalid_request", fields: { locale: 'must be "en" or "tr"' } });
    expect((await db.query.users.findFirst({ where: eq(users.id, member.id) }))?.locale).toBe("tr");

    clock.advance(61_000);
    await app.request("/api/auth/recover", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email }),
    });
    await deliver();
    expect(mailTo(member.email).map((m) => m.subject)).toEqual(["Şifrenizi sıfırlayın · Doğal Yaşam"]);
  });

  it("is for members only", async () => {
    const response = await app.request("/api/user/profile/locale", { headers: turkish });
    expect(response.status).toBe(401);
  });
});

describe("the survey in both languages (ADR 0084)", () => {
  const questions = async (headers: Record<string, string>) => {
    const response = await app.request("/api/survey/questions", { headers });
    expect(response.headers.get("Vary")).toContain("Accept-Language");
    return ((await response.json()) as { questions: SurveyQuestion[] }).questions;
  };

  it("reads the 20 questions and their options in the request's language", async () => {
    const tr = await questions(turkish);
    const en = await questions(english);
    expect(tr).toHaveLength(20);
    expect(en.map((q) => q.question)).toEqual(survey.map((q) => q.question));
    expect(en.map((q) => q.options)).toEqual(survey.map((q) => q.options.map((o) => o.text)));
    expect(tr[0]).toEqual({
      id: 1,
      order: 1,
      question: "Güne genellikle nasıl başlarsınız?",
      options: [
        "Net bir planla, önce en zor işi bitirerek",
        "Sohbet ederek, müzik açıp biraz da doğaçlamayla",
        "Ağır ağır, pek değiştirmediğim sakin bir düzenle",
        "Listemi gözden geçirip hiçbir şeyi unutmadığımdan emin olarak",
      ],
    });
    // Every question and option has its Turkish, and no two options of a question read alike.
    for (const question of tr) {
      expect(question.question).not.toBe(en.find((q) => q.id === question.id)?.question);
      expect(new Set(question.options).size).toBe(4);
    }
  });

  it("stores a Turkish answer in one form, reads it back in either language, and scores it the same", async () => {
    const choose = (i: number): "choleric" | "melancholic" => (i < 11 ? "choleric" : "melancholic");
    const inTurkish = await signUp(turkish, { survey_responses: turkishAnswers(choose) });
    const inEnglish = await signUp(english, { survey_responses: answerSurvey(survey, choose) });
    const stored = async (email: string) => {
      const member = await db.query.users.findFirst({ where: eq(users.email, email) });
      const rows = await db
        .select()
        .from(surveyResponses)
        .where(eq(surveyResponses.userId, member?.id ?? ""));
      const result = await db.query.temperamentResults.findFirst({
        where: eq(temperamentResults.userId, member?.id ?? ""),
      });
      return {
        answers: Object.fromEntries(rows.map((r) => [String(r.questionId), r.answer])),
        result: result && { dominant: result.dominant, secondary: result.secondary, scores: result.scores },
      };
    };
    const fromTurkish = await stored(inTurkish.body.email);
    expect(fromTurkish).toEqual(await stored(inEnglish.body.email));
    expect(fromTurkish.answers).toEqual(answerSurvey(survey, choose));
    expect(fromTurkish.result).toMatchObject({ dominant: "choleric", secondary: "melancholic" });

    // The profile reads the answers back in the page's language, and takes either back.
    const member = await createMember(db);
    const token = await signInToken(member.email, member.password);
    const put = (headers: Record<string, string>, responses: Record<string, string>) =>
      app.request("/api/user/profile", {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ first_name: "Elif", last_name: "Kaya", survey_responses: responses }),
      });
    const saved = (await (await put(turkish, turkishAnswers("phlegmatic"))).json()) as Profile;
    expect(saved.survey_responses).toEqual(turkishAnswers("phlegmatic"));
    expect(saved.temperament).toEqual({ dominant: "phlegmatic", secondary: "sanguine" });
    const profile = async (headers: Record<string, string>) =>
      (await (
        await app.request("/api/user/profile", { headers: { Authorization: `Bearer ${token}`, ...headers } })
      ).json()) as Profile;
    expect((await profile(english)).survey_responses).toEqual(answerSurvey(survey, "phlegmatic"));
    expect((await profile(turkish)).survey_responses).toEqual(turkishAnswers("phlegmatic"));
    // What a Turkish page read, sent back unchanged from an English one, is still valid.
    const back = await put(english, (await profile(turkish)).survey_responses);
    expect(back.status).toBe(200);
    expect(((await back.json()) as Profile).survey_responses).toEqual(answerSurvey(survey, "phlegmatic"));
  });

  it("shows the admin every member's answers in one form, the admin page's language", async () => {
    const tr = await signUp(turkish, { survey_responses: turkishAnswers("sanguine") });
    const en = await signUp(english, { survey_responses: answerSurvey(survey, "sanguine") });
    const admin = await createMember(db, { email: testSettings.ADMIN_EMAIL, role: "admin", password: "admin-pass-1" });
    const access_token = await signInAdmin(app, admin);
    const usersIn = async (headers: Record<string, string>) =>
      (await (
        await app.request("/api/admin/users", { headers: { Authorization: `Bearer ${access_token}`, ...headers } })
      ).json()) as AdminUser[];
    const answersOf = (list: AdminUser[], email: string) =>
      list.find((u) => u.email === email)?.answers.map((a) => [a.question, a.answer]);
    const inTurkish = await usersIn(turkish);
    expect(answersOf(inTurkish, tr.body.email)).toEqual(answersOf(inTurkish, en.body.email));
    expect(answersOf(inTurkish, tr.body.email)?.[0]).toEqual([
      "Güne genellikle nasıl başlarsınız?",
      "Sohbet ederek, müzik açıp biraz da doğaçlamayla",
    ]);
    const inEnglish = await usersIn(english);
    expect(answersOf(inEnglish, tr.body.email)).toEqual(answersOf(inEnglish, en.body.email));
    expect(answersOf(inEnglish, tr.body.email)?.[0]).toEqual([
      "How do you usually start your day?",
      "Chatting, music on, and a bit of improvising",
    ]);
  });
});

describe("migration 0012", () => {
  it("gives every member English and the seeded survey its Turkish, and keeps every answer valid", async () => {
    const { old, client } = await databaseBeforeMigration("0012");
    const questions = await createSurvey(old);
    const member = await createMember(old);
    const chosen = answerSurvey(questions, "melancholic");
    await old.insert(surveyResponses).values(
      Object.entries(chosen).map(([questionId, answer]) => ({
        userId: member.id,
        questionId: Number(questionId),
        answer,
      })),
    );
    const before = await client.execute("select question_tr from survey_questions").catch((error: Error) => error);
    expect(before).toBeInstanceOf(Error);

    await migrate(old, { migrationsFolder });
    expect((await old.query.users.findFirst({ where: eq(users.id, member.id) }))?.locale).toBe("en");
    const migrated = await old.query.surveyQuestions.findMany({ orderBy: (q, { asc }) => asc(q.id) });
    expect(migrated.map((q) => q.questionTr)).toEqual(survey.map((q) => q.questionTr));
    expect(migrated.map((q) => q.options)).toEqual(survey.map((q) => q.options));
    const rows = await old.select().from(surveyResponses).where(eq(surveyResponses.userId, member.id));
    expect(checkAnswers(migrated, Object.fromEntries(rows.map((r) => [String(r.questionId), r.answer])))).toMatchObject(
      { ok: true },
    );
    client.close();
  });
});
