import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/api-error.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { type AttemptKey, attemptKey, clearAttempts, countAttempt, enforceRateLimit } from "../lib/rate-limit.ts";
import { deviceCookieSeconds, issueDeviceCookie, trustedDevice } from "./device-cookie.ts";
import { checkAgainstNoAccount, type SignInResult, signIn } from "./sign-in.ts";

/** Sign-in attempts on one account from untrusted clients are counted in windows of this length. */
export const signInWindowMs = 15 * 60_000;

export type SignInAttempt = {
  /** The password checked out: forgets this path's failures and trusts the device anew. */
  succeeded(): Promise<void>;
};

/**
 * Counts one password attempt on `email`, before the password is checked, so concurrent guesses
 * cannot slip in under a limit (OWASP's device-cookie algorithm, docs/decisions/0035-device-cookies.md):
 *
 * - from a trusted device (a valid device cookie for this account): against that cookie alone,
 *   SIGNIN_LIMIT_PER_ACCOUNT failures in a row for as long as the cookie lives. Past that the
 *   cookie is spent and the attempt counts as untrusted, so a stolen cookie buys at most that
 *   many guesses;
 * - from anywhere else: against the account, SIGNIN_LIMIT_PER_ACCOUNT per 15 minutes, as before.
 *   Strangers' guesses lock out strangers, never the owner's device.
 *
 * @throws ApiError 429 `account_locked` when untrusted clients are locked out of the account
 */
export async function countSignInAttempt(c: Context<AppEnv>, email: string): Promise<SignInAttempt> {
  const { db, config } = c.var;
  const now = c.var.clock.now();
  const limit = config.SIGNIN_LIMIT_PER_ACCOUNT;
  const succeededOn = (key: AttemptKey) => ({
    async succeeded() {
      await clearAttempts(db, key);
      await issueDeviceCookie(c, email);
    },
  });

  const device = await trustedDevice(c, email);
  if (device) {
    const deviceKey = await attemptKey(config.JWT_SECRET, "signin:device", device);
    const counted = await countAttempt(db, deviceKey, { limit, windowMs: deviceCookieSeconds * 1000 }, now);
    if (counted.allowed) return succeededOn(deviceKey);
  }
  const accountKey = await attemptKey(config.JWT_SECRET, "signin:account", email);
  const counted = await countAttempt(db, accountKey, { limit, windowMs: signInWindowMs }, now);
  if (!counted.allowed) {
    // Not a guess at whether the account exists: every address is counted alike.
    throw new ApiError(429, "account_locked", (t) => t.api_account_locked, {
      headers: { "Retry-After": String(counted.retryAfterSeconds) },
    });
  }
  return succeededOn(accountKey);
}

/**
 * Sign-in attempts from one client address, whatever the accounts: SIGNIN_LIMIT_PER_IP per 15
 * minutes, never cleared by a success. Counted before the body is read, so a flood of malformed
 * requests counts too; a refresh (`grant_type=refresh_token`) is not a sign-in (every tab of every
 * member behind one shared address refreshes hourly).
 */
export const limitSignInsPerClient = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.query("grant_type") !== "refresh_token") {
      const limit = { limit: c.var.config.SIGNIN_LIMIT_PER_IP, windowMs: signInWindowMs };
      const key = await attemptKey(c.var.config.JWT_SECRET, "signin:ip", c.var.clientKey());
      await enforceRateLimit(c.var.db, key, limit, c.var.clock.now());
    }
    await next();
  });

/**
 * A password sign-in with the account's limit (above), for the sign-in form and the admin login
 * alike. With `adminOnly`, only ADMIN_EMAIL's administrator gets a session; any other address
 * costs the same hash, so the answer's timing says nothing.
 */
export async function signInWithLimits(
  c: Context<AppEnv>,
  { email, password }: { email: string; password: string },
  { adminOnly = false } = {},
): Promise<SignInResult> {
  const { db, config, passwords } = c.var;
  const attempt = await countSignInAttempt(c, email);
  if (adminOnly && email !== config.ADMIN_EMAIL) {
    await checkAgainstNoAccount(passwords, password);
    return { ok: false, reason: "invalid" };
  }
  const result = await signIn({ db, now: c.var.clock.now(), secret: config.JWT_SECRET, passwords }, email, password);
  if (!result.ok) return result;
  if (adminOnly && result.session.user.role !== "admin") return { ok: false, reason: "invalid" };
  await attempt.succeeded();
  return result;
}
