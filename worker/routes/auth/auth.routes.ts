import type { Context } from "hono";
import { hashPassword } from "../../auth/password.ts";
import { resendVerification, signUp } from "../../auth/sign-up.ts";
import { verifyEmail } from "../../auth/verify-email.ts";
import {
  type ResendVerificationResponse,
  resendVerificationSchema,
  type SignupResponse,
  signupSchema,
  verifyQuerySchema,
} from "../../contract/auth.ts";
import { dispatchSoon } from "../../email/outbox.ts";
import { ApiError } from "../../lib/api-error.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { limitPerClient } from "../../lib/rate-limit.ts";
import { validate } from "../../lib/validate.ts";
import { checkAnswers, loadSurvey } from "../../survey/answers.ts";

/** Where the links in e-mails lead: PUBLIC_URL (required in production), else this server. */
const siteUrl = (c: Context<AppEnv>, path: string) => new URL(path, c.var.config.PUBLIC_URL ?? c.req.url).href;

const accountLinks = (c: Context<AppEnv>) => ({
  verify: (token: string) => siteUrl(c, `/api/auth/verify?token=${encodeURIComponent(token)}`),
  signIn: siteUrl(c, "/signin"),
});

export const authRoutes = createRouter()
  .post(
    "/signup",
    limitPerClient("signup", (config) => config.SIGNUP_LIMIT_PER_HOUR),
    validate("json", signupSchema),
    async (c) => {
      const request = c.req.valid("json");
      const checked = checkAnswers(await loadSurvey(c.var.db), request.survey_responses);
      if (!checked.ok) {
        throw new ApiError(
          400,
          "invalid_request",
          "Please answer every question of the survey with one of its options.",
          {
            fields: checked.fields,
          },
        );
      }
      // Hashed whatever the address, so an existing account takes as long to answer as a new one.
      const passwordHash = await hashPassword(request.password);
      const deps = { db: c.var.db, now: c.var.clock.now(), links: accountLinks(c) };
      if (await signUp(deps, request, passwordHash, checked.answers)) dispatchSoon(c);
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
