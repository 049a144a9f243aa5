import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { confirmCurrentPassword } from "../../auth/current-password.ts";
import { issueDeviceCookie } from "../../auth/device-cookie.ts";
import { requireUser } from "../../auth/require-user.ts";
import { refreshSession, revokeFamilies, revokeFamily, revokeOtherFamilies, sessionUser } from "../../auth/sessions.ts";
import { openRecoverySession, requestPasswordReset, signIn } from "../../auth/sign-in.ts";
import { countSignInAttempt, signInWindowMs } from "../../auth/sign-in-attempts.ts";
import { resendVerification, signUp } from "../../auth/sign-up.ts";
import { verifyEmail } from "../../auth/verify-email.ts";
import {
  passwordGrantSchema,
  type ResendVerificationResponse,
  recoverSchema,
  recoveryExchangeSchema,
  refreshGrantSchema,
  resendVerificationSchema,
  type Session,
  type SignupResponse,
  signupSchema,
  tokenQuerySchema,
  updateUserSchema,
  verifyQuerySchema,
} from "../../contract/auth.ts";
import { users } from "../../db/schema.ts";
import { dispatchSoon } from "../../email/outbox.ts";
import { ApiError } from "../../lib/api-error.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { enforceRateLimit, limitPerClient } from "../../lib/rate-limit.ts";
import { parseWith, validate } from "../../lib/validate.ts";
import { validAnswers } from "../../survey/answers.ts";

/** Where the links in e-mails lead: the shop's own address, never the request's Host. */
const siteUrl = (c: Context<AppEnv>, path: string) => new URL(path, c.var.siteOrigin()).href;

const accountLinks = (c: Context<AppEnv>) => ({
  verify: (token: string) => siteUrl(c, `/api/auth/verify?token=${encodeURIComponent(token)}`),
  signIn: siteUrl(c, "/signin"),
});

const invalidCredentials = () => new ApiError(400, "invalid_credentials", "Invalid login credentials");

export const authRoutes = createRouter()
  .post(
    "/signup",
    limitPerClient("signup", (config) => config.SIGNUP_LIMIT_PER_HOUR),
    validate("json", signupSchema),
    async (c) => {
      const request = c.req.valid("json");
      const answers = await validAnswers(c.var.db, request.survey_responses);
      // Hashed whatever the address, so an existing account takes as long to answer as a new one.
      const passwordHash = await c.var.passwords.hash(request.password);
      const deps = { db: c.var.db, now: c.var.clock.now(), links: accountLinks(c) };
      if (await signUp(deps, request, passwordHash, answers)) dispatchSoon(c);
      // The same answer for every address (docs/decisions/0014-sign-up-and-verification.md).
      return c.json({ status: "verification_sent", email: request.email } satisfies SignupResponse, 202);
    },
  )
  .get("/verify", async (c) => {
    const query = verifyQuerySchema.safeParse(c.req.query());
    const outcome = query.success
      ? await verifyEmail(
          {
            db: c.var.db,
            now: c.var.clock.now(),
            resultDelayMs: c.var.config.RESULT_EMAIL_DELAY_MINUTES * 60_000,
            profileLink: siteUrl(c, "/profile"),
          },
          query.data.token,
        )
      : "invalid";
    if (outcome === "verified") dispatchSoon(c);
    // A link from an e-mail is a page visit: answer with the page that explains the outcome.
    const location = outcome === "verified" ? "/verify-success" : `/verify-email?problem=${outcome}`;
    c.header("Cache-Control", "no-store");
    return c.redirect(location, 303);
  })
  .post("/token", validate("query", tokenQuerySchema), async (c) => {
    const { grant_type } = c.req.valid("query");
    // Password attempts count against the client's address; refreshes do not (every tab of
    // every member behind one shared address refreshes hourly).
    if (grant_type === "password") {
      const ipLimit = { limit: c.var.config.SIGNIN_LIMIT_PER_IP, windowMs: signInWindowMs };
      await enforceRateLimit(c.var.db, `signin:ip:${c.var.clientAddress(c)}`, ipLimit, c.var.clock.now());
    }
    const body: unknown = await c.req.json().catch(() => undefined);
    const deps = {
      db: c.var.db,
      now: c.var.clock.now(),
      secret: c.var.config.JWT_SECRET,
      passwords: c.var.passwords,
    };
    if (grant_type === "refresh_token") {
      const { refresh_token } = parseWith(refreshGrantSchema, body, "json");
      const session = await refreshSession(deps, refresh_token);
      if (!session) throw new ApiError(400, "invalid_grant", "Invalid Refresh Token");
      return c.json(session satisfies Session, 200, { "Cache-Control": "no-store" });
    }
    const { email, password } = parseWith(passwordGrantSchema, body, "json");
    // Per account, apart for a device that signed in before; the per-address count stays.
    const attempt = await countSignInAttempt(c, email);
    const result = await signIn(deps, email, password);
    if (!result.ok && result.reason === "unverified") {
      throw new ApiError(400, "email_not_confirmed", "Email not confirmed");
    }
    if (!result.ok) throw invalidCredentials();
    await attempt.succeeded();
    return c.json(result.session satisfies Session, 200, { "Cache-Control": "no-store" });
  })
  .post("/logout", requireUser({ recovery: "allow" }), async (c) => {
    await revokeFamily(c.var.db, c.var.claims.sid, c.var.clock.now());
    return c.body(null, 204);
  })
  .post(
    "/recover",
    limitPerClient("recover", (config) => config.RECOVER_LIMIT_PER_HOUR),
    validate("json", recoverSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      const deps = {
        db: c.var.db,
        now: c.var.clock.now(),
        resetLink: (token: string) => siteUrl(c, `/reset-password#token=${encodeURIComponent(token)}`),
      };
      if (await requestPasswordReset(deps, email)) dispatchSoon(c);
      // The same answer for every address (DESIGN.md §4).
      return c.json({ status: "recovery_sent" } as const, 202);
    },
  )
  .post(
    "/verify",
    limitPerClient("recover", (config) => config.RECOVER_LIMIT_PER_HOUR),
    validate("json", recoveryExchangeSchema),
    async (c) => {
      const { token } = c.req.valid("json");
      const deps = { db: c.var.db, now: c.var.clock.now(), secret: c.var.config.JWT_SECRET };
      const opened = await openRecoverySession(deps, token);
      if (!opened.ok) {
        const detail =
          opened.problem === "expired"
            ? "This password reset link has expired. Please ask for a new one."
            : opened.problem === "used"
              ? "This password reset link has already been used. Please ask for a new one."
              : "This password reset link is not valid. Please ask for a new one.";
        throw new ApiError(400, `link_${opened.problem}`, detail);
      }
      // The link proves the mailbox: this browser becomes a trusted device, so the owner gets in
      // even while strangers' guesses keep the account locked (the 429 points here).
      await issueDeviceCookie(c, opened.session.user.email);
      return c.json(opened.session satisfies Session, 200, { "Cache-Control": "no-store" });
    },
  )
  .put("/user", requireUser({ recovery: "allow" }), validate("json", updateUserSchema), async (c) => {
    const { password, current_password } = c.req.valid("json");
    const { db } = c.var;
    const now = c.var.clock.now();
    // A recovery session has proven the address instead: its member has forgotten the password.
    if (c.var.claims.purpose !== "recovery") {
      await confirmCurrentPassword({ db, now, passwords: c.var.passwords }, c.var.user, current_password);
    }
    await db
      .update(users)
      .set({ passwordHash: await c.var.passwords.hash(password), updatedAt: now })
      .where(eq(users.id, c.var.user.id));
    // Every other session ends; a recovery session ends too, so the member signs in anew.
    if (c.var.claims.purpose === "recovery") await revokeFamilies(db, c.var.user.id, now);
    else await revokeOtherFamilies(db, c.var.user.id, c.var.claims.sid, now);
    return c.json({ user: sessionUser(c.var.user) }, 200, { "Cache-Control": "no-store" });
  })
  .post(
    "/verify/resend",
    limitPerClient("verify-resend", (config) => config.VERIFY_RESEND_LIMIT_PER_HOUR),
    validate("json", resendVerificationSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      const deps = { db: c.var.db, now: c.var.clock.now(), links: accountLinks(c) };
      if (await resendVerification(deps, email)) dispatchSoon(c);
      return c.json({ status: "verification_sent" } satisfies ResendVerificationResponse, 202);
    },
  );
