import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { SurveyQuestion } from "../../worker/contract/catalogue.ts";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import type { Profile } from "../../worker/contract/profile.ts";
import { emailOutbox, surveyResponses, users } from "../../worker/db/schema.ts";
import { answerSurvey, signupBody } from "../support/factories.ts";
import { registrationCookie } from "../support/members.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 40, ADRs 0083 and 0084, in the production runtime: the built Worker under workerd. API
// details in the request's language, the member's language kept from the sign-up page and
// changed on the profile, the e-mails written in it with /tr links, the survey in both languages.
// The full cases (and delivery through a real SMTP server) are in tests/api/request-language.test.ts
// and tests/api/member-language.test.ts.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.40" });
const { request } = shop;
const turkish = { "Accept-Language": "tr-TR,tr;q=0.9,en;q=0.5" };
const english = { "Accept-Language": "en-GB,en;q=0.9" };

/** The e-mail of `kind` waiting in the outbox for `to`. */
async function queuedEmail(to: string, kind: "verify_email" | "temperament_result") {
  const [queued] = await shop.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
  return queued;
}

it("words API details in the request's language, with the same code", async () => {
  const tr = (await (await request("GET", "/api/user/profile", { headers: turkish })).json()) as ErrorBody;
  const en = (await (await request("GET", "/api/user/profile", { headers: english })).json()) as ErrorBody;
  expect(tr).toEqual({ detail: "Devam etmek için lütfen giriş yapın.", code: "unauthorized" });
  expect(en).toEqual({ detail: "Please sign in to continue.", code: "unauthorized" });
  const invalid = await request("POST", "/api/auth/recover", { body: { email: "not-an-address" }, headers: turkish });
  expect(await invalid.json()).toEqual({
    detail: "Geçersiz email: geçerli bir e-posta adresi olmalı",
    code: "invalid_request",
    fields: { email: "geçerli bir e-posta adresi olmalı" },
  });
});

it("keeps a Turkish sign-up's language, writes its e-mails in Turkish and lands its link on the Turkish page", async () => {
  const { db } = shop.database;
  const questions = (await (await request("GET", "/api/survey/questions", { headers: turkish })).json()) as {
    questions: SurveyQuestion[];
  };
  expect(questions.questions[0]?.question).toBe("Güne genellikle nasıl başlarsınız?");
  const survey = await db.query.surveyQuestions.findMany({ orderBy: (q, { asc }) => asc(q.id) });
  // The Turkish page's answers: the same options as the English sanguine ones, read in Turkish.
  const fromTurkishPage = Object.fromEntries(
    questions.questions.map((q) => {
      const stored = survey.find((s) => s.id === q.id);
      const index = stored?.options.findIndex((o) => o.temperament === "sanguine") ?? -1;
      return [String(q.id), q.options[index] ?? ""];
    }),
  );
  const body = signupBody(survey, { survey_responses: fromTurkishPage });
  const signedUp = await request("POST", "/api/auth/signup", { body, headers: turkish });
  expect(signedUp.status).toBe(202);
  const member = await db.query.users.findFirst({ where: eq(users.email, body.email) });
  expect(member?.locale).toBe("tr");
  const stored = await db
    .select()
    .from(surveyResponses)
    .where(eq(surveyResponses.userId, member?.id ?? ""));
  expect(Object.fromEntries(stored.map((r) => [String(r.questionId), r.answer]))).toEqual(
    answerSurvey(survey, "sanguine"),
  );

  const verification = await queuedEmail(body.email, "verify_email");
  expect(verification?.subject).toBe("E-posta adresinizi doğrulayın · Doğal Yaşam");
  expect(verification?.html).toContain('<html lang="tr">');
  const link = /http:\/\/shop\.test(\/api\/auth\/verify\?token=[\w-]+)/.exec(verification?.text ?? "")?.[1] ?? "";
  const cookie = registrationCookie(signedUp);
  const verified = await request("GET", link, { cookie });
  expect(verified.headers.get("Location")).toBe("/tr/verify-success");

  const result = await queuedEmail(body.email, "temperament_result");
  expect(result?.subject).toBe("Mizaç testi sonucunuz · Doğal Yaşam");
  expect(result?.text).toContain("http://shop.test/tr/profile");

  // The profile: the answers read back in the page's language; the language changed to English.
  const session = await shop.signIn(body.email, body.password);
  const { access_token: token } = (await session.json()) as { access_token: string };
  const read = async (headers: Record<string, string>) =>
    ((await (await request("GET", "/api/user/profile", { token, headers })).json()) as Profile).survey_responses;
  expect(await read(turkish)).toEqual(fromTurkishPage);
  expect(await read(english)).toEqual(answerSurvey(survey, "sanguine"));
  expect(await (await request("GET", "/api/user/profile/locale", { token })).json()).toEqual({ locale: "tr" });
  const changed = await request("PUT", "/api/user/profile/locale", { token, body: { locale: "en" } });
  expect(await changed.json()).toEqual({ locale: "en" });
  expect((await db.query.users.findFirst({ where: eq(users.email, body.email) }))?.locale).toBe("en");
});
