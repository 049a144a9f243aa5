import type { Context } from "hono";
import * as z from "zod/mini";
import { changePassword } from "../../auth/change-password.ts";
import { issueDeviceCookie } from "../../auth/device-cookie.ts";
import { registrationOfBrowser, rememberRegistration } from "../../auth/registration-cookie.ts";
import { requireUser } from "../../auth/require-user.ts";
import { refreshSession, revokeFamily, sessionUser } from "../../auth/sessions.ts";
import { openRecoverySession, requestPasswordReset } from "../../auth/sign-in.ts";
import { limitSignInsPerClient, signInWindowMs, signInWithLimits } from "../../auth/sign-in-attempts.ts";
import { resendVerification, signUp } from "../../auth/sign-up.ts";
import { confirmRegistration, findRegistration } from "../../auth/verify-email.ts";
import {
  passwordGrantSchema,
  type ResendVerificationResponse,
  recoverSchema,
  refreshGrantSchema,
  resendVerificationResponseSchema,
  resendVerificationSchema,
  type Session,
  type SignupConfirmation,
  type SignupConfirmed,
  type SignupResponse,
  sessionSchema,
  sessionUserSchema,
  signupConfirmedSchema,
  signupResponseSchema,
  signupSchema,
  tokenQuerySchema,
  updateUserSchema,
  type VerifyProblem,
  verifyExchangeSchema,
  verifyQuerySchema,
} from "../../contract/auth.ts";
import { localizedPath } from "../../contract/locales.ts";
import type { MemberLocale } from "../../contract/member-locale.ts";
import { dispatchSoon } from "../../email/outbox.ts";
import type { ApiText } from "../../i18n/api-texts.ts";
import { localeOfRequest } from "../../i18n/request-locale.ts";
import { ApiError } from "../../lib/api-error.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { attemptKey, enforceRateLimit, limitPerClient } from "../../lib/rate-limit.ts";
import { readSharePreviews } from "../../lib/share-previews.ts";
import { parseWith, validate } from "../../lib/validate.ts";
import { describeRoute } from "../../openapi/describe-route.ts";
import { validAnswers } from "../../survey/answers.ts";

/** Where the links in e-mails lead: the shop's own address, never the request's Host. */
const siteUrl = (c: Context<AppEnv>, path: string) => new URL(path, c.var.siteOrigin()).href;

const accountLinks = (c: Context<AppEnv>) => ({
  verify: (token: string) => siteUrl(c, `/api/auth/verify?token=${encodeURIComponent(token)}`),
  signIn: (locale: MemberLocale) => siteUrl(c, localizedPath("/signin", locale)),
});

const invalidCredentials = () => new ApiError(400, "invalid_credentials", (t) => t.api_invalid_login_credentials);

const verifyDeps = async (c: Context<AppEnv>) => ({
  db: c.var.db,
  now: c.var.clock.now(),
  resultDelayMs: c.var.config.RESULT_EMAIL_DELAY_MINUTES * 60_000,
  siteUrl: (path: string) => siteUrl(c, path),
  previews: (await readSharePreviews(c)).list,
});

const linkDetails: Record<VerifyProblem, ApiText> = {
  invalid: (t) => t.api_confirm_link_invalid,
  used: (t) => t.api_confirm_link_used,
  expired: (t) => t.api_confirm_link_expired,
};

/**
 * Confirms a sign-up from a browser other than the one that made it, with the password chosen
 * then. Wrong passwords are counted per registration before the check, like sign-in attempts,
 * so the link cannot be used to guess (docs/decisions/0034-pending-registrations.md).
 */
async function confirmSignup(c: Context<AppEnv>, { token, password }: SignupConfirmation) {
  const now = c.var.clock.now();
  const link = await findRegistration(c.var.db, token, now);
  if (!link.ok) throw new ApiError(400, `link_${link.problem}`, linkDetails[link.problem]);
  const limit = { limit: c.var.config.SIGNIN_LIMIT_PER_ACCOUNT, windowMs: signInWindowMs };
  const key = await attemptKey(c.var.config.JWT_SECRET, "confirm:registration", link.registration.id);
  await enforceRateLimit(c.var.db, key, limit, now);
  if (!(await c.var.passwords.verify(password, link.registration.passwordHash))) {
    throw new ApiError(400, "wrong_password", (t) => t.api_wrong_signup_password, {
      fields: { password: "is not the password chosen at sign-up" },
    });
  }
  const outcome = await confirmRegistration(await verifyDeps(c), token);
  if (outcome !== "verified") throw new ApiError(400, `link_${outcome}`, linkDetails[outcome]);
  dispatchSoon(c);
  return c.json({ status: "verified" } satisfies SignupConfirmed, 200, { "Cache-Control": "no-store" });
}

// Per client address (docs/architecture.md §4). Asking for a reset link and following an e-mailed link
// (/recover, /verify) draw on one budget.
const limitSignUps = limitPerClient("signup", (config) => config.SIGNUP_LIMIT_PER_HOUR);
const limitRecoveries = limitPerClient("recover", (config) => config.RECOVER_LIMIT_PER_HOUR);
const limitResends = limitPerClient("verify-resend", (config) => config.VERIFY_RESEND_LIMIT_PER_HOUR);

export const authRoutes = createRouter()
  // A request that e-mails an address (sign-up, reset, resend) is answered 202 alike whether an
  // account has the address or not (no account enumeration, docs/architecture.md §4).
  .post(
    "/signup",
    describeRoute({
      summary: "Sign up (the same answer for every address)",
      access: "public",
      ok: { 202: signupResponseSchema },
      errors: [400, 429],
    }),
    limitSignUps,
    validate("json", signupSchema),
    async (c) => {
      const request = c.req.valid("json");
      const answers = await validAnswers(c.var.db, request.survey_responses);
      // Hashed whatever the address, so an existing account takes as long to answer as a new one.
      const passwordHash = await c.var.passwords.hash(request.password);
      const deps = {
        db: c.var.db,
        now: c.var.clock.now(),
        secret: c.var.config.JWT_SECRET,
        links: accountLinks(c),
        // The sign-up page's language, which the web client sends (ADR 0083).
        locale: localeOfRequest(c),
      };
      const { emailWritten, registrationId } = await signUp(deps, request, passwordHash, answers);
      if (emailWritten) dispatchSoon(c);
      // This browser's proof that it signed up: its link confirms here without the password.
      await rememberRegistration(c, registrationId);
      // The same answer for every address (docs/decisions/0014-sign-up-and-verification.md).
      return c.json({ status: "verification_sent", email: request.email } satisfies SignupResponse, 202);
    },
  )
  .get(
    "/verify",
    describeRoute({
      summary: "The link in the verification e-mail: redirects to the page that explains the outcome",
      access: "public",
      ok: { 303: null },
    }),
    async (c) => {
      // A link from an e-mail is a page visit: answer with the page that explains the outcome.
      c.header("Cache-Control", "no-store");
      // The pages in the sign-up's language (ADR 0083); the browser's when no sign-up is found.
      const page = (path: `/${string}`, locale: MemberLocale = localeOfRequest(c)) => localizedPath(path, locale);
      const query = verifyQuerySchema.safeParse(c.req.query());
      if (!query.success) return c.redirect(page("/verify-email?problem=invalid"), 303);
      const { token } = query.data;
      const link = await findRegistration(c.var.db, token, c.var.clock.now());
      if (!link.ok) return c.redirect(page(`/verify-email?problem=${link.problem}`, link.locale), 303);
      const { locale } = link.registration;
      // Anywhere but the browser that signed up (another device, a mail scanner), the page asks
      // for the password chosen at sign-up first (docs/decisions/0034-pending-registrations.md).
      if ((await registrationOfBrowser(c)) !== link.registration.id) {
        return c.redirect(page(`/confirm-email#token=${encodeURIComponent(token)}`, locale), 303);
      }
      const outcome = await confirmRegistration(await verifyDeps(c), token);
      if (outcome === "verified") dispatchSoon(c);
      return c.redirect(
        page(outcome === "verified" ? "/verify-success" : `/verify-email?problem=${outcome}`, locale),
        303,
      );
    },
  )
  .post(
    "/token",
    describeRoute({
      summary: "Sign in (grant_type=password) or refresh a session (grant_type=refresh_token)",
      access: "public",
      ok: { 200: sessionSchema },
      errors: [400, 429],
      body: z.union([passwordGrantSchema, refreshGrantSchema]),
    }),
    limitSignInsPerClient(),
    validate("query", tokenQuerySchema),
    async (c) => {
      const { grant_type } = c.req.valid("query");
      const body: unknown = await c.req.json().catch(() => undefined);
      if (grant_type === "refresh_token") {
        const { refresh_token } = parseWith(refreshGrantSchema, body, "json");
        const deps = { db: c.var.db, now: c.var.clock.now(), secret: c.var.config.JWT_SECRET };
        const session = await refreshSession(deps, refresh_token);
        if (!session) throw new ApiError(400, "invalid_grant", (t) => t.api_invalid_refresh_token);
        return c.json(session satisfies Session, 200, { "Cache-Control": "no-store" });
      }
      const result = await signInWithLimits(c, parseWith(passwordGrantSchema, body, "json"));
      if (!result.ok && result.reason === "unverified") {
        throw new ApiError(400, "email_not_confirmed", (t) => t.api_email_not_confirmed);
      }
      if (!result.ok) throw invalidCredentials();
      return c.json(result.session satisfies Session, 200, { "Cache-Control": "no-store" });
    },
  )
  .post(
    "/logout",
    describeRoute({ summary: "Sign out this session", access: "member", ok: { 204: null } }),
    requireUser({ recovery: "allow" }),
    async (c) => {
      await revokeFamily(c.var.db, c.var.claims.sid, c.var.clock.now());
      return c.body(null, 204);
    },
  )
  .post(
    "/recover",
    describeRoute({
      summary: "Ask for a password reset e-mail (the same answer for every address)",
      access: "public",
      ok: { 202: z.object({ status: z.literal("recovery_sent") }) },
      errors: [400, 429],
    }),
    limitRecoveries,
    validate("json", recoverSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      const deps = {
        db: c.var.db,
        now: c.var.clock.now(),
        secret: c.var.config.JWT_SECRET,
        resetLink: (token: string, locale: MemberLocale) =>
          siteUrl(c, localizedPath(`/reset-password#token=${encodeURIComponent(token)}`, locale)),
      };
      await requestPasswordReset(deps, email);
      // A pass whether or not an e-mail was written: the same work for every address (ADR 0034).
      dispatchSoon(c);
      // The same answer for every address (docs/architecture.md §4).
      return c.json({ status: "recovery_sent" } as const, 202);
    },
  )
  .post(
    "/verify",
    describeRoute({
      summary: "Follow a password reset link, or confirm a sign-up with its password",
      access: "public",
      ok: { 200: z.union([sessionSchema, signupConfirmedSchema]) },
      errors: [400, 429],
    }),
    limitRecoveries,
    validate("json", verifyExchangeSchema),
    async (c) => {
      const body = c.req.valid("json");
      if (body.type === "signup") return confirmSignup(c, body);
      const { token } = body;
      const deps = {
        db: c.var.db,
        now: c.var.clock.now(),
        secret: c.var.config.JWT_SECRET,
        passwords: c.var.passwords,
      };
      const opened = await openRecoverySession(deps, token);
      if (!opened.ok) {
        const detail: ApiText =
          opened.problem === "expired"
            ? (t) => t.api_reset_link_expired
            : opened.problem === "used"
              ? (t) => t.api_reset_link_used
              : (t) => t.api_reset_link_invalid;
        throw new ApiError(400, `link_${opened.problem}`, detail);
      }
      // The link proves the mailbox: this browser becomes a trusted device, so the owner gets in
      // even while strangers' guesses keep the account locked (the 429 points here).
      await issueDeviceCookie(c, opened.session.user.email);
      return c.json(opened.session satisfies Session, 200, { "Cache-Control": "no-store" });
    },
  )
  .put(
    "/user",
    describeRoute({
      summary: "Change the password",
      access: "member",
      ok: { 200: z.object({ user: sessionUserSchema }) },
      errors: [400, 429],
    }),
    requireUser({ recovery: "allow" }),
    validate("json", updateUserSchema),
    async (c) => {
      const { password, current_password } = c.req.valid("json");
      const deps = {
        db: c.var.db,
        now: c.var.clock.now(),
        secret: c.var.config.JWT_SECRET,
        passwords: c.var.passwords,
      };
      await changePassword(deps, c.var, { password, currentPassword: current_password });
      return c.json({ user: sessionUser(c.var.user) }, 200, { "Cache-Control": "no-store" });
    },
  )
  .post(
    "/verify/resend",
    describeRoute({
      summary: "Send a new verification link (the same answer for every address)",
      access: "public",
      ok: { 202: resendVerificationResponseSchema },
      errors: [400, 429],
    }),
    limitResends,
    validate("json", resendVerificationSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      const deps = {
        db: c.var.db,
        now: c.var.clock.now(),
        secret: c.var.config.JWT_SECRET,
        links: accountLinks(c),
        locale: localeOfRequest(c),
      };
      await resendVerification(deps, email);
      // A pass whether or not an e-mail was written: the same work for every address (ADR 0034).
      dispatchSoon(c);
      return c.json({ status: "verification_sent" } satisfies ResendVerificationResponse, 202);
    },
  );
