import { and, eq } from "drizzle-orm";
import type { SignupRequest } from "../contract/auth.ts";
import type { Database, Transaction } from "../db/client.ts";
import { oneTimeTokens, surveyResponses, temperamentResults, users } from "../db/schema.ts";
import { accountExistsEmail, verificationEmail } from "../email/messages.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { countAttempt } from "../lib/rate-limit.ts";
import type { CheckedAnswers } from "../survey/answers.ts";
import { scoreTemperament } from "../survey/temperament.ts";
import { hashToken, newToken } from "./tokens.ts";

/** How long a verification link works (issue 11, DESIGN.md §4). */
export const verificationTtlMs = 24 * 60 * 60 * 1000;
/** At most one e-mail a minute to one address, whatever asks for it (DESIGN.md §4). */
export const emailThrottle = { limit: 1, windowMs: 60_000 };

export type AccountLinks = {
  verify: (token: string) => string;
  signIn: string;
};

export type SignUpDeps = { db: Database; now: Date; links: AccountLinks };

type Answers = Extract<CheckedAnswers, { ok: true }>["answers"];

/**
 * Registers a member, or does what is safe for an address that already has an account, without
 * telling the caller which (docs/decisions/0014-sign-up-and-verification.md):
 *
 * - a new address: the member (unverified), the answers, the temperament result, a verification
 *   token and its e-mail, in one transaction: all are written or none;
 * - an address whose account is not confirmed yet: nobody has proven they own it, so the newest
 *   sign-up replaces the pending one, and only the link in the newest e-mail confirms it;
 * - a confirmed account: nothing changes; its owner is told that someone tried to sign up.
 *
 * Every branch sends at most one e-mail and counts against the address's one-a-minute throttle;
 * a throttled request changes nothing.
 *
 * @param passwordHash the argon2id PHC string of the submitted password, hashed by the caller
 *   on every branch so that all take the same time
 * @returns whether an e-mail was written, so the caller can start a dispatch pass
 */
export async function signUp(
  deps: SignUpDeps,
  request: SignupRequest,
  passwordHash: string,
  answers: Answers,
): Promise<boolean> {
  const { db, now } = deps;
  const email = request.email; // trimmed and lower-cased by the contract
  if (!(await mayEmail(db, email, now))) return false;
  const token = newToken();
  const tokenHash = await hashToken(token);
  const result = scoreTemperament(answers.map((a) => a.option));

  // Immediate: the read and the writes hold the write lock together, so an account confirmed
  // or created by another request in between cannot be overwritten.
  return db.transaction(
    async (tx) => {
      const existing = await tx.query.users.findFirst({ where: eq(users.email, email) });
      if (existing?.emailVerifiedAt) {
        await enqueueEmail(tx, {
          kind: "account_exists",
          to: email,
          userId: existing.id,
          content: accountExistsEmail(existing.firstName, deps.links.signIn),
        });
        return true;
      }
      const member = { firstName: request.first_name, lastName: request.last_name, passwordHash, updatedAt: now };
      const userId = existing?.id ?? crypto.randomUUID();
      if (existing) {
        await tx.update(users).set(member).where(eq(users.id, userId));
        await tx.delete(surveyResponses).where(eq(surveyResponses.userId, userId));
      } else {
        await tx.insert(users).values({ id: userId, email, ...member, createdAt: now });
      }
      await tx
        .insert(surveyResponses)
        .values(answers.map((a) => ({ userId, questionId: a.questionId, answer: a.answer, updatedAt: now })));
      await tx
        .insert(temperamentResults)
        .values({ userId, ...result, computedAt: now })
        .onConflictDoUpdate({ target: temperamentResults.userId, set: { ...result, computedAt: now } });
      await replaceVerificationToken(tx, userId, tokenHash, now);
      await enqueueEmail(tx, {
        kind: "verify_email",
        to: email,
        userId,
        content: verificationEmail(request.first_name, deps.links.verify(token)),
      });
      return true;
    },
    { behavior: "immediate" },
  );
}

/**
 * Writes a fresh verification link for an unconfirmed account; does nothing for an unknown or
 * confirmed address, or within the address's e-mail throttle. Older links stop working.
 *
 * @returns whether an e-mail was written
 */
export async function resendVerification(deps: SignUpDeps, email: string): Promise<boolean> {
  const { db, now } = deps;
  const member = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!member || member.emailVerifiedAt) return false;
  if (!(await mayEmail(db, email, now))) return false;
  const token = newToken();
  const tokenHash = await hashToken(token);
  await db.transaction(async (tx) => {
    await replaceVerificationToken(tx, member.id, tokenHash, now);
    await enqueueEmail(tx, {
      kind: "verify_email",
      to: email,
      userId: member.id,
      content: verificationEmail(member.firstName, deps.links.verify(token)),
    });
  });
  return true;
}

/** One live verification link per member: the newest. */
async function replaceVerificationToken(tx: Transaction, userId: string, tokenHash: string, now: Date) {
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, "verify_email")));
  await tx.insert(oneTimeTokens).values({
    tokenHash,
    userId,
    purpose: "verify_email",
    expiresAt: new Date(now.getTime() + verificationTtlMs),
    createdAt: now,
  });
}

const mayEmail = async (db: Database, email: string, now: Date) =>
  (await countAttempt(db, `email:${email}`, emailThrottle, now)).allowed;
