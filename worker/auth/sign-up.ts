import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { SignupRequest } from "../contract/auth.ts";
import type { MemberLocale } from "../contract/member-locale.ts";
import type { Database, Transaction } from "../db/client.ts";
import { registrations, surveyResponses, temperamentResults, users } from "../db/schema.ts";
import { accountExistsEmail, verificationEmail } from "../email/messages.ts";
import { enqueueEmail, enqueueEmailWhere } from "../email/outbox.ts";
import { attemptKey, countAttempt } from "../lib/rate-limit.ts";
import type { CheckedAnswers } from "../survey/answers.ts";
import { scoreTemperament, type TemperamentResult } from "../survey/temperament.ts";
import { hashToken, newToken } from "./tokens.ts";

/** How long a verification link works (issue 11, docs/architecture.md §4). */
export const verificationTtlMs = 24 * 60 * 60 * 1000;
/** At most one e-mail a minute to one address, whatever asks for it (docs/architecture.md §4). */
export const emailThrottle = { limit: 1, windowMs: 60_000 };

export type AccountLinks = {
  verify: (token: string) => string;
  /** The sign-in page in a language (`/signin`, `/tr/signin`). */
  signIn: (locale: MemberLocale) => string;
};

/**
 * `secret`: the server's JWT_SECRET, which the e-mail throttle's key is derived from; `locale`:
 * the request's language, the sign-up page's, which the account keeps (ADR 0083).
 */
export type SignUpDeps = { db: Database; now: Date; secret: string; links: AccountLinks; locale: MemberLocale };

type Answers = Extract<CheckedAnswers, { ok: true }>["answers"];

export type SignUpResult = {
  /** Whether an e-mail was written, so the caller can start a dispatch pass. */
  emailWritten: boolean;
  /**
   * The registration for the browser's proof cookie: on the branches that write none (a
   * confirmed address, a throttled request) a random one that matches nothing, so the answer
   * is the same whatever the address.
   */
  registrationId: string;
};

/**
 * Registers a sign-up, or does what is safe for an address that already has an account, without
 * telling the caller which (docs/decisions/0014-sign-up-and-verification.md,
 * docs/decisions/0034-pending-registrations.md):
 *
 * - an address with no confirmed account: a registration of its own (this sign-up's password,
 *   names, answers and result) with its own verification link, e-mailed. Earlier registrations
 *   and their links stay valid: each link confirms only its own sign-up's choices. The pending
 *   member row (created, or updated to the newest sign-up) is what the administrator lists as
 *   Pending and what sign-in answers "Email not confirmed" for; no password of it is ever
 *   confirmed, only a registration's;
 * - a confirmed account: nothing changes; its owner is told that someone tried to sign up.
 *
 * All in one immediate transaction: all are written or none. Every branch sends at most one
 * e-mail and counts against the address's one-a-minute throttle; a throttled request changes
 * nothing.
 *
 * @param passwordHash the argon2id PHC string of the submitted password, hashed by the caller
 *   on every branch so that all take the same time
 */
export async function signUp(
  deps: SignUpDeps,
  request: SignupRequest,
  passwordHash: string,
  answers: Answers,
): Promise<SignUpResult> {
  const { db, now } = deps;
  const email = request.email; // folded by the contract
  const registrationId = crypto.randomUUID();
  if (!(await mayEmail(deps, email))) return { emailWritten: false, registrationId };
  const token = newToken();
  const tokenHash = await hashToken(token);
  const temperament = scoreTemperament(answers.map((a) => a.option));
  const chosen = answers.map(({ questionId, answer }) => ({ questionId, answer }));

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
          // The account's own language, not this request's.
          content: accountExistsEmail(existing.firstName, deps.links.signIn(existing.locale), existing.locale),
        });
        return { emailWritten: true, registrationId };
      }
      const member = {
        firstName: request.first_name,
        lastName: request.last_name,
        passwordHash,
        locale: deps.locale,
        updatedAt: now,
      };
      const userId = existing?.id ?? crypto.randomUUID();
      if (existing) {
        await tx.update(users).set(member).where(eq(users.id, userId));
      } else {
        await tx.insert(users).values({ id: userId, email, ...member, createdAt: now });
      }
      await writeAnswers(tx, userId, chosen, temperament, now);
      await tx.insert(registrations).values({
        id: registrationId,
        email,
        ...member,
        answers: chosen,
        temperament,
        tokenHash,
        expiresAt: new Date(now.getTime() + verificationTtlMs),
        createdAt: now,
      });
      await enqueueEmail(tx, {
        kind: "verify_email",
        to: email,
        userId,
        content: verificationEmail(request.first_name, deps.links.verify(token), deps.locale),
      });
      return { emailWritten: true, registrationId };
    },
    { behavior: "immediate" },
  );
}

/** A member's answers and temperament result, replacing any earlier ones. */
export async function writeAnswers(
  tx: Transaction,
  userId: string,
  answers: { questionId: number; answer: string }[],
  temperament: TemperamentResult,
  now: Date,
): Promise<void> {
  await tx.delete(surveyResponses).where(eq(surveyResponses.userId, userId));
  await tx.insert(surveyResponses).values(answers.map((a) => ({ userId, ...a, updatedAt: now })));
  await tx
    .insert(temperamentResults)
    .values({ userId, ...temperament, computedAt: now })
    .onConflictDoUpdate({ target: temperamentResults.userId, set: { ...temperament, computedAt: now } });
}

/**
 * Writes a fresh link for the address's newest registration waiting for confirmation (its older
 * link stops working; other registrations' links keep theirs); does nothing for an address with
 * none, or within the address's e-mail throttle.
 *
 * Every address costs the same work, as for a reset link (sign-in.ts `requestPasswordReset`,
 * ADR 0034's "Same work for every address"): one lookup, a token and its hash, the e-mail's
 * text, and one transaction with the same statements, which write a link and an e-mail only
 * for a registration that may be e-mailed.
 *
 * @returns whether an e-mail was written
 */
export async function resendVerification(deps: SignUpDeps, email: string): Promise<boolean> {
  const { db, now } = deps;
  const registration = await db.query.registrations.findFirst({
    where: and(eq(registrations.email, email), isNull(registrations.confirmedAt)),
    orderBy: desc(registrations.createdAt),
  });
  const token = newToken();
  const tokenHash = await hashToken(token);
  const content = verificationEmail(
    registration?.firstName ?? "",
    deps.links.verify(token),
    registration?.locale ?? deps.locale,
  );
  const throttle = await attemptKey(deps.secret, "email", email);
  return db.transaction(
    async (tx) => {
      const allowed = (await countAttempt(tx, throttle, emailThrottle, now)).allowed;
      // None, or throttled: an id no row has, so the statements below write nothing.
      const recipient = registration && allowed ? registration.id : "";
      await tx
        .update(registrations)
        .set({ tokenHash, expiresAt: new Date(now.getTime() + verificationTtlMs) })
        .where(eq(registrations.id, recipient));
      const member = await tx.query.users.findFirst({ where: eq(users.email, email) });
      await enqueueEmailWhere(tx, sql`exists (select 1 from registrations where id = ${recipient})`, {
        kind: "verify_email",
        to: email,
        ...(member ? { userId: member.id } : {}),
        content,
      });
      return recipient !== "";
    },
    { behavior: "immediate" },
  );
}

const mayEmail = async ({ db, now, secret }: SignUpDeps, email: string) =>
  (await countAttempt(db, await attemptKey(secret, "email", email), emailThrottle, now)).allowed;
