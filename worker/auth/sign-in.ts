import { and, eq, isNull, sql } from "drizzle-orm";
import type { Session } from "../contract/auth.ts";
import type { MemberLocale } from "../contract/member-locale.ts";
import type { Database } from "../db/client.ts";
import { oneTimeTokens, registrations, users } from "../db/schema.ts";
import { resetPasswordEmail } from "../email/messages.ts";
import { enqueueEmailWhere } from "../email/outbox.ts";
import { attemptKey, countAttempt } from "../lib/rate-limit.ts";
import type { PasswordHasher } from "./password.ts";
import { startSession } from "./sessions.ts";
import { emailThrottle } from "./sign-up.ts";
import { hashToken, newToken } from "./tokens.ts";

/** docs/architecture.md §4: a reset link works at most 60 minutes. */
export const resetTokenTtlMs = 60 * 60 * 1000;
/** The session a reset link opens lasts long enough to type a new password, no longer. */
export const recoverySessionSeconds = 15 * 60;

/** The time of a password check, for an address that has no account to check against. */
export async function checkAgainstNoAccount(passwords: PasswordHasher, password: string): Promise<void> {
  await passwords.verify(password, passwords.noAccountHash);
}

export type SignInResult = { ok: true; session: Session } | { ok: false; reason: "invalid" | "unverified" };

type Deps = { db: Database; now: Date; secret: string };
type SignInDeps = Deps & { passwords: PasswordHasher };

/**
 * Password sign-in. An unconfirmed address is reported only after the password checked out, so
 * the answer tells a guesser nothing; a hash with weaker parameters than today's is replaced.
 */
export async function signIn(deps: SignInDeps, email: string, password: string): Promise<SignInResult> {
  const { passwords } = deps;
  const user = await deps.db.query.users.findFirst({ where: eq(users.email, email) });
  const matches = await passwords.verify(password, user?.passwordHash ?? passwords.noAccountHash);
  if (!user || !matches) return { ok: false, reason: "invalid" };
  if (!user.emailVerifiedAt) return { ok: false, reason: "unverified" };
  if (passwords.needsRehash(user.passwordHash)) {
    await deps.db
      .update(users)
      .set({ passwordHash: await passwords.hash(password), updatedAt: deps.now })
      .where(eq(users.id, user.id));
  }
  return { ok: true, session: await startSession(deps, user) };
}

/**
 * Writes the password-reset e-mail for an address that has an account; nothing otherwise.
 * Earlier reset links stop working: the newest link wins (ADR 0063).
 *
 * Within the address's one-e-mail-a-minute throttle the e-mail is not dropped but waits in the
 * outbox for the address's next allowed minute, replacing a reset e-mail already waiting there
 * (whose link this request ends) at that one's time. The minute it is sent in is the address's:
 * the throttle's window moves to end a minute after it, so nothing else reaches the address in
 * that minute.
 *
 * Every address costs the same work, so the time the answer takes says nothing about which
 * addresses have accounts (ADR 0034, "Same work for every address"): one lookup, a token and
 * its hash, the e-mail's text, and one transaction with the same statements (the throttle's
 * counter, the waiting reset e-mail taken out, the throttle's window, then the link and the
 * e-mail, which write rows only for an account).
 *
 * @returns whether an e-mail was written
 */
export async function requestPasswordReset(
  deps: Deps & { resetLink: (token: string, locale: MemberLocale) => string },
  email: string,
): Promise<boolean> {
  const { db, now } = deps;
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  const token = newToken();
  const tokenHash = await hashToken(token);
  // In the member's language, to that language's reset page (ADR 0083).
  const locale = user?.locale ?? "en";
  const content = resetPasswordEmail(user?.firstName ?? "", deps.resetLink(token, locale), locale);
  const throttleKey = await attemptKey(deps.secret, "email", email);
  return db.transaction(
    async (tx) => {
      const { allowed, resetAt } = await countAttempt(tx, throttleKey, emailThrottle, now);
      // A reset e-mail still waiting (throttled, or not yet dispatched) carries a link that this
      // request ends; a row a pass is sending now is left to it.
      const waiting = await tx.all<{ send_after: number }>(
        sql`delete from email_outbox
            where "to" = ${email} and kind = 'reset_password' and sent_at is null and failed_at is null
              and (claimed_until is null or claimed_until <= ${now.getTime()})
            returning send_after`,
      );
      const waitingSince = Math.min(...waiting.map((row) => Number(row.send_after)));
      const sendAfter = new Date(allowed ? now.getTime() : Math.min(waitingSince, resetAt.getTime()));
      await tx.run(
        sql`update rate_limits set reset_at = ${sendAfter.getTime() + emailThrottle.windowMs} where key = ${throttleKey}`,
      );
      // No account: an id no row has, so the statements below write nothing.
      const recipient = user ? user.id : "";
      const isRecipient = sql`exists (select 1 from users where id = ${recipient})`;
      await tx
        .delete(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, recipient), eq(oneTimeTokens.purpose, "reset_password")));
      await tx.run(
        sql`insert into one_time_tokens (token_hash, user_id, purpose, expires_at, created_at)
            select ${tokenHash}, ${recipient}, 'reset_password', ${sendAfter.getTime() + resetTokenTtlMs}, ${now.getTime()}
            where ${isRecipient}`,
      );
      await enqueueEmailWhere(tx, isRecipient, {
        kind: "reset_password",
        to: email,
        userId: recipient,
        content,
        sendAfter,
      });
      return recipient !== "";
    },
    { behavior: "immediate" },
  );
}

/**
 * Exchanges a reset link's token, once, for a short recovery session. Following the link proves
 * the address, so an unconfirmed one becomes confirmed; but its pending password was chosen by
 * whoever signed up last, which nothing proves is the owner, so it is replaced by one nobody
 * knows and the address's registrations are dropped: the owner sets the password now
 * (docs/decisions/0034-pending-registrations.md).
 *
 * @returns the session, or why the link does not work
 */
export async function openRecoverySession(
  deps: Deps & { passwords: PasswordHasher },
  token: string,
): Promise<{ ok: true; session: Session } | { ok: false; problem: "invalid" | "used" | "expired" }> {
  const { db, now } = deps;
  const tokenHash = await hashToken(token);
  const link = await db.query.oneTimeTokens.findFirst({
    where: and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, "reset_password")),
  });
  if (!link) return { ok: false, problem: "invalid" };
  if (link.usedAt) return { ok: false, problem: "used" };
  if (link.expiresAt <= now) return { ok: false, problem: "expired" };
  const claimed = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), isNull(oneTimeTokens.usedAt)))
    .returning();
  const user = await db.query.users.findFirst({ where: eq(users.id, link.userId) });
  if (claimed.length === 0 || !user) return { ok: false, problem: "invalid" };
  const confirmed = user.emailVerifiedAt ?? now;
  if (!user.emailVerifiedAt) {
    const unknowable = await deps.passwords.hash(newToken());
    await db.batch([
      db.update(users).set({ emailVerifiedAt: confirmed, passwordHash: unknowable }).where(eq(users.id, user.id)),
      db.delete(registrations).where(eq(registrations.email, user.email)),
    ]);
  }
  const session = await startSession(
    deps,
    { ...user, emailVerifiedAt: confirmed },
    {
      purpose: "recovery",
      ttlSeconds: recoverySessionSeconds,
    },
  );
  return { ok: true, session };
}
