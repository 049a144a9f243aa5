import * as z from "zod/mini";
import { visibleCharactersOnly } from "./plain-text.ts";
import { surveyResponsesSchema } from "./survey-responses.ts";

/** docs/product.md §9: the minimum password length; the maximum keeps hashing bounded (docs/architecture.md §4). */
export const minPasswordLength = 6;
export const maxPasswordLength = 128;
export const maxNameLength = 100;
/** RFC 5321's limit for an address. */
export const maxEmailLength = 254;

/** A first or last name: trimmed, required, bounded, every character a visible one. */
export const nameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: "is required" }),
    z.maxLength(maxNameLength, { error: `must be at most ${maxNameLength} characters` }),
    visibleCharactersOnly(),
  );

/**
 * docs/product.md §5's "trimmed and lower-cased", made to work for what a Turkish user types
 * (docs/decisions/0036-email-folding.md): compatibility forms become their plain letters
 * (NFKC: the Kelvin sign is K, full-width ｉ is i), and both Turkish i's become the i an address
 * holds, since JavaScript lower-cases İ to "i" + U+0307 and Turkish lower-casing makes ı of I.
 * Every place that looks an address up folds it this way: the contract, the web, ADMIN_EMAIL.
 */
export const foldEmail = (typed: string): string => typed.normalize("NFKC").replace(/[İı]/g, "i").toLowerCase().trim();

export const emailSchema = z
  .string()
  .check(
    z.overwrite(foldEmail),
    z.maxLength(maxEmailLength, { error: `must be at most ${maxEmailLength} characters` }),
    z.email({ error: "must be an e-mail address" }),
  );

export const passwordSchema = z
  .string()
  .check(
    z.minLength(minPasswordLength, { error: `must be at least ${minPasswordLength} characters` }),
    z.maxLength(maxPasswordLength, { error: `must be at most ${maxPasswordLength} characters` }),
  );

/**
 * docs/product.md §7's sign-up payload. `survey_responses` maps each question's id to the text of the
 * chosen option; which questions and options exist is checked against the survey on the server.
 * Unknown fields are refused rather than ignored: a client that sends them is out of date.
 */
export const signupSchema = z.strictObject({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  survey_responses: surveyResponsesSchema,
});
export type SignupRequest = z.input<typeof signupSchema>;

/**
 * The answer to every accepted sign-up, whether or not the address already had an account
 * (docs/architecture.md §4: no account enumeration; docs/decisions/0014-sign-up-and-verification.md).
 */
export const signupResponseSchema = z.object({
  status: z.literal("verification_sent"),
  email: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** `POST /api/auth/verify/resend`: a new verification link for an address. */
export const resendVerificationSchema = z.strictObject({ email: emailSchema });

/** The same answer for every address (docs/architecture.md §4). */
export const resendVerificationResponseSchema = z.object({ status: z.literal("verification_sent") });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

/** `GET /api/auth/verify?token=`: the link in the verification e-mail. */
export const verifyQuerySchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

/** Why a verification link did not work: the page it redirects to says so (`?problem=`). */
export const verifyProblems = ["invalid", "used", "expired"] as const;
export type VerifyProblem = (typeof verifyProblems)[number];

// ---- Sessions (docs/architecture.md §4; docs/product.md §3's session object) -------------------------------------

/** `POST /api/auth/token?grant_type=`. */
export const tokenQuerySchema = z.object({ grant_type: z.enum(["password", "refresh_token"]) });

/** Sign-in. No minimum length here: a wrong password is a failed sign-in, not a bad request. */
export const passwordGrantSchema = z.strictObject({
  email: emailSchema,
  password: z.string().check(z.minLength(1, { error: "is required" }), z.maxLength(maxPasswordLength)),
});

export const refreshGrantSchema = z.strictObject({
  refresh_token: z.string().check(z.minLength(1, { error: "is required" }), z.maxLength(200)),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["member", "admin"]),
  first_name: z.string(),
  last_name: z.string(),
  is_verified: z.boolean(),
  created_at: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** docs/product.md §3: what a sign-in or a refresh answers. `expires_at` is in seconds since the epoch. */
export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  expires_at: z.number(),
  token_type: z.literal("bearer"),
  user: sessionUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** `POST /api/auth/recover`: the reset e-mail, answered the same for every address. */
export const recoverSchema = z.strictObject({ email: emailSchema });

/**
 * `POST /api/auth/verify` with the token from a password-reset link: exchanges it, once, for a
 * recovery session with which `PUT /api/auth/user` sets the new password.
 */
export const recoveryExchangeSchema = z.strictObject({
  type: z.literal("recovery"),
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});

/**
 * `POST /api/auth/verify` with the token from a sign-up's verification link and the password
 * chosen at that sign-up: how a browser other than the one that signed up confirms the address
 * (the link leads it to /confirm-email, which asks; docs/decisions/0034-pending-registrations.md).
 */
export const signupConfirmationSchema = z.strictObject({
  type: z.literal("signup"),
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.minLength(1, { error: "is required" }), z.maxLength(maxPasswordLength)),
});
export type SignupConfirmation = z.input<typeof signupConfirmationSchema>;

/** `POST /api/auth/verify`: a reset link's exchange or a sign-up's confirmation. */
export const verifyExchangeSchema = z.discriminatedUnion("type", [recoveryExchangeSchema, signupConfirmationSchema]);

export const signupConfirmedSchema = z.object({ status: z.literal("verified") });
export type SignupConfirmed = z.infer<typeof signupConfirmedSchema>;

/**
 * `PUT /api/auth/user`: the new password (docs/product.md §5's rules). Outside a recovery session the
 * current password is required too (the server says so); a recovery session has proven the
 * address instead (docs/decisions/0033-password-change-and-recovery-sessions.md).
 */
export const updateUserSchema = z.strictObject({
  password: passwordSchema,
  current_password: z.optional(
    z.string().check(z.minLength(1, { error: "is required" }), z.maxLength(maxPasswordLength)),
  ),
});
export type UpdateUserRequest = z.input<typeof updateUserSchema>;
