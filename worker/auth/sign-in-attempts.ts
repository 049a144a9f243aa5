import type { Context } from "hono";
import { ApiError } from "../lib/api-error.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { clearAttempts, countAttempt } from "../lib/rate-limit.ts";
import { deviceCookieSeconds, issueDeviceCookie, trustedDevice } from "./device-cookie.ts";

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
  const succeededOn = (key: string) => ({
    async succeeded() {
      await clearAttempts(db, key);
      await issueDeviceCookie(c, email);
    },
  });

  const device = await trustedDevice(c, email);
  if (device) {
    const deviceKey = `signin:device:${device}`;
    const counted = await countAttempt(db, deviceKey, { limit, windowMs: deviceCookieSeconds * 1000 }, now);
    if (counted.allowed) return succeededOn(deviceKey);
  }
  const accountKey = `signin:account:${email}`;
  const counted = await countAttempt(db, accountKey, { limit, windowMs: signInWindowMs }, now);
  if (!counted.allowed) {
    // Not a guess at whether the account exists: every address is counted alike.
    throw new ApiError(
      429,
      "account_locked",
      "Too many sign-in attempts for this account. Please wait 15 minutes or reset your password by e-mail.",
      { headers: { "Retry-After": String(counted.retryAfterSeconds) } },
    );
  }
  return succeededOn(accountKey);
}
