import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { ApiError } from "../lib/api-error.ts";
import { attemptKey, clearAttempts, enforceRateLimit, type RateLimit } from "../lib/rate-limit.ts";
import type { AccessClaims } from "./access-token.ts";
import type { PasswordHasher } from "./password.ts";
import { revokeFamilies, revokeOtherFamilies } from "./sessions.ts";

/**
 * Tries at the current password an account allows in a window, from all its sessions together,
 * so that a stolen session guesses it no faster than the sign-in form lets anyone (ADR 0033).
 */
export const currentPasswordLimit: RateLimit = { limit: 5, windowMs: 15 * 60_000 };

/** `secret`: the server's JWT_SECRET, which the attempts' key is derived from. */
type Deps = { db: Database; now: Date; secret: string; passwords: PasswordHasher };

/**
 * Lets a password change through only with the account's current password: a session someone
 * borrowed or stole must not become the account. Every try counts before the check, so
 * concurrent guesses cannot all slip in under the limit; the right password clears the count.
 *
 * @throws ApiError 400 `invalid_request` (missing), 400 `invalid_current_password` (wrong),
 *   429 `too_many_requests` (over the limit, whatever the password)
 */
async function confirmCurrentPassword(
  { db, now, secret, passwords }: Deps,
  user: typeof users.$inferSelect,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword === undefined) {
    throw new ApiError(
      400,
      "invalid_request",
      (t) => t.api_invalid_field({ field: "current_password", problem: "is required", more: 0 }),
      {
        fields: { current_password: "is required" },
      },
    );
  }
  const key = await attemptKey(secret, "password-change:account", user.id);
  await enforceRateLimit(db, key, currentPasswordLimit, now);
  if (!(await passwords.verify(currentPassword, user.passwordHash))) {
    throw new ApiError(400, "invalid_current_password", (t) => t.api_current_password_incorrect, {
      fields: { current_password: "is incorrect" },
    });
  }
  await clearAttempts(db, key);
}

/**
 * `PUT /api/auth/user`: sets a new password. A recovery session has proven the address instead
 * of the password (its member has forgotten it) and ends with the change, so the member signs in
 * anew; any other session needs the current password, and stays while every other one ends.
 */
export async function changePassword(
  deps: Deps,
  session: { user: typeof users.$inferSelect; claims: AccessClaims },
  { password, currentPassword }: { password: string; currentPassword: string | undefined },
): Promise<void> {
  const { db, now, passwords } = deps;
  const { user, claims } = session;
  const recovering = claims.purpose === "recovery";
  if (!recovering) await confirmCurrentPassword(deps, user, currentPassword);
  await db
    .update(users)
    .set({ passwordHash: await passwords.hash(password), updatedAt: now })
    .where(eq(users.id, user.id));
  if (recovering) await revokeFamilies(db, user.id, now);
  else await revokeOtherFamilies(db, user.id, claims.sid, now);
}
