import { and, eq, isNull } from "drizzle-orm";
import type { VerifyProblem } from "../contract/auth.ts";
import type { Database } from "../db/client.ts";
import { oneTimeTokens, temperamentResults, users } from "../db/schema.ts";
import { temperamentResultEmail } from "../email/messages.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { hashToken } from "./tokens.ts";

/** SPEC §1: the test result is e-mailed within 24 hours of registering. */
export const resultDeadlineMs = 24 * 60 * 60 * 1000;

export type VerifyOutcome = "verified" | VerifyProblem;

export type VerifyDeps = {
  db: Database;
  now: Date;
  /** RESULT_EMAIL_DELAY_MINUTES, in milliseconds. */
  resultDelayMs: number;
  profileLink: string;
};

/**
 * Confirms the address a verification link was sent to, once. The first use marks the member
 * verified and writes the temperament result e-mail to the outbox, in one transaction; the
 * result waits the configured delay, but never past 24 hours after registration (if the member
 * confirms later than that, it leaves at once).
 */
export async function verifyEmail(deps: VerifyDeps, token: string): Promise<VerifyOutcome> {
  const { db, now } = deps;
  const tokenHash = await hashToken(token);
  return db.transaction(
    async (tx) => {
      const link = await tx.query.oneTimeTokens.findFirst({
        where: and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, "verify_email")),
      });
      if (!link) return "invalid";
      if (link.usedAt) return "used";
      if (link.expiresAt <= now) return "expired";

      const member = await tx.query.users.findFirst({ where: eq(users.id, link.userId) });
      const result = await tx.query.temperamentResults.findFirst({
        where: eq(temperamentResults.userId, link.userId),
      });
      await tx.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.tokenHash, tokenHash));
      if (!member || member.emailVerifiedAt) return "verified";
      await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, member.id), isNull(users.emailVerifiedAt)));
      if (result) {
        const deadline = member.createdAt.getTime() + resultDeadlineMs;
        const sendAt = Math.max(now.getTime(), Math.min(now.getTime() + deps.resultDelayMs, deadline));
        await enqueueEmail(tx, {
          kind: "temperament_result",
          to: member.email,
          userId: member.id,
          content: temperamentResultEmail(member.firstName, result, deps.profileLink),
          sendAfter: new Date(sendAt),
        });
      }
      return "verified";
    },
    { behavior: "immediate" },
  );
}
