import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import { requestLocale } from "../../worker/i18n/request-locale.ts";
import { createMember, createSurvey, signupBody } from "../support/factories.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 40, ADR 0083: the API writes its error `detail`s (and the fields' problems) in the
// request's language: Turkish when Accept-Language's first preference is Turkish (the web client
// sends the page's language), else SPEC's English, word for word as before. `code` never changes.
// In-process over a real libSQL file; tests/worker/turkish.test.ts runs the same in workerd.

const turkish = { "Accept-Language": "tr" };
const english = { "Accept-Language": "en" };

async function errorOf(response: Response): Promise<ErrorBody> {
  expect(response.status).toBeGreaterThanOrEqual(400);
  return (await response.json()) as ErrorBody;
}

describe("the request's language", () => {
  it("is Turkish only when Turkish is the first preference", () => {
    expect(requestLocale("tr")).toBe("tr");
    expect(requestLocale("tr-TR,tr;q=0.9,en;q=0.8")).toBe("tr");
    expect(requestLocale("en;q=0.5, tr;q=0.9")).toBe("tr");
    expect(requestLocale("en-US,en;q=0.9,tr;q=0.8")).toBe("en");
    expect(requestLocale("de, tr")).toBe("en");
    expect(requestLocale("trk")).toBe("en");
    expect(requestLocale("tr;q=0")).toBe("en");
    expect(requestLocale(undefined)).toBe("en");
    expect(requestLocale("")).toBe("en");
  });
});

describe("API details in the request's language", () => {
  it("answers a Turkish request in Turkish and an English one as SPEC words it, with the same code", async () => {
    const { app } = await createTestApp();
    const call = (headers: Record<string, string>) => app.request("/api/user/profile", { headers });
    const tr = await errorOf(await call(turkish));
    const en = await errorOf(await call(english));
    const none = await errorOf(await call({}));
    expect(tr).toEqual({ detail: "Devam etmek için lütfen giriş yapın.", code: "unauthorized" });
    expect(en).toEqual({ detail: "Please sign in to continue.", code: "unauthorized" });
    expect(none).toEqual(en);
  });

  it("words a sign-up's invalid field, and the survey's problems, in Turkish", async () => {
    const { app, db } = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: 1000 });
    const survey = await createSurvey(db);
    const signUp = (body: unknown, headers: Record<string, string>) =>
      app.request("/api/auth/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const badEmail = signupBody(survey, { email: "not-an-address" });
    expect(await errorOf(await signUp(badEmail, english))).toEqual({
      detail: "Invalid email: must be an e-mail address",
      code: "invalid_request",
      fields: { email: "must be an e-mail address" },
    });
    expect(await errorOf(await signUp(badEmail, { "Accept-Language": "tr-TR,tr;q=0.9,en;q=0.5" }))).toEqual({
      detail: "Geçersiz email: geçerli bir e-posta adresi olmalı",
      code: "invalid_request",
      fields: { email: "geçerli bir e-posta adresi olmalı" },
    });

    const unanswered = signupBody(survey, { survey_responses: {} });
    const tr = await errorOf(await signUp(unanswered, turkish));
    expect(tr.code).toBe("invalid_request");
    expect(tr.detail).toBe("Lütfen anketteki her soruyu seçeneklerinden biriyle cevaplayın.");
    expect(tr.fields?.["survey_responses.1"]).toBe("cevaplanmalı");
    const en = await errorOf(await signUp(unanswered, english));
    expect(en.detail).toBe("Please answer every question of the survey with one of its options.");
    expect(en.fields?.["survey_responses.1"]).toBe("must be answered");
  });

  it("words the sign-in's refusals in Turkish, SPEC's English word for word, with the codes the sign-in screen matches", async () => {
    const { app, db } = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: 1000 });
    const member = await createMember(db);
    const survey = await createSurvey(db);
    const pending = signupBody(survey, { email: "pending.uye@example.com" });
    const signUp = await app.request("/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(pending),
    });
    expect(signUp.status).toBe(202);
    const signIn = (email: string, password: string, headers: Record<string, string>) =>
      app.request("/api/auth/token?grant_type=password", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ email, password }),
      });
    expect(await errorOf(await signIn(member.email, "wrong-password", turkish))).toEqual({
      detail: "E-posta adresi ya da şifre hatalı",
      code: "invalid_credentials",
    });
    expect(await errorOf(await signIn(member.email, "wrong-password", english))).toEqual({
      detail: "Invalid login credentials",
      code: "invalid_credentials",
    });
    expect(await errorOf(await signIn(pending.email, pending.password, turkish))).toEqual({
      detail: "E-posta adresi henüz doğrulanmadı",
      code: "email_not_confirmed",
    });
    expect(await errorOf(await signIn(pending.email, pending.password, english))).toEqual({
      detail: "Email not confirmed",
      code: "email_not_confirmed",
    });
  });

  it("answers the admin's refusals in Turkish too", async () => {
    const { app, db } = await createTestApp();
    const member = await createMember(db);
    const login = await app.request("/api/auth/token?grant_type=password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const users = (headers: Record<string, string>) =>
      app.request("/api/admin/users", { headers: { Authorization: `Bearer ${access_token}`, ...headers } });
    expect(await errorOf(await users(turkish))).toEqual({
      detail: "Bu bölüm yalnızca yöneticiye açıktır.",
      code: "forbidden",
    });
    expect(await errorOf(await users(english))).toEqual({
      detail: "This area is for the administrator only.",
      code: "forbidden",
    });
    const missing = await app.request("/api/products/999999", { headers: turkish });
    expect(await errorOf(missing)).toEqual({ detail: "Bu ürün yok ya da kaldırılmış.", code: "product_not_found" });
  });
});
