import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer } from "./mailer.ts";

export type DispatchDeps = {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  from: string;
};
export type DispatchResult = { sent: number; failed: number };

/** After this many failures a message stops being retried and waits for a person. */
export const maxAttempts = 8;
const baseBackoffMs = 60_000;

/**
 * One pass over the outbox: sends every due message, marks it sent, or records the failure and
 * schedules a retry with exponential back-off. Safe to run from a cron, a timer or by hand.
 */
export async function dispatchOutbox(deps: DispatchDeps, limit = 50): Promise<DispatchResult> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lte(emailOutbox.sendAfter, now), lte(emailOutbox.attempts, maxAttempts - 1)))
    .orderBy(asc(emailOutbox.sendAfter), asc(emailOutbox.id))
    .limit(limit);

  const result: DispatchResult = { sent: 0, failed: 0 };
  for (const message of due) {
    try {
      await deps.mailer.send({
        to: message.to,
        from: deps.from,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await deps.db
        .update(emailOutbox)
        .set({ sentAt: deps.clock.now(), attempts: message.attempts + 1, lastError: null })
        .where(eq(emailOutbox.id, message.id));
      result.sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      const retryAt = new Date(deps.clock.now().getTime() + baseBackoffMs * 2 ** (attempts - 1));
      await deps.db
        .update(emailOutbox)
        .set({ attempts, lastError: String(error).slice(0, 500), sendAfter: retryAt })
        .where(eq(emailOutbox.id, message.id));
      deps.logger.warn("email send failed", {
        id: message.id,
        kind: message.kind,
        attempts,
        error: String(error),
      });
      result.failed++;
    }
  }
  if (due.length > 0) deps.logger.info("email dispatch", { ...result, transport: deps.mailer.transport });
  return result;
}

/**
 * One pass from a timer or cron: a failure is logged, never thrown into the scheduler. Without
 * a transport (MAIL_TRANSPORT unset) nothing is sent and every message keeps waiting.
 */
export function dispatchOutboxSafely(deps: Omit<DispatchDeps, "mailer"> & { mailer: Mailer | null }): Promise<void> {
  const { mailer } = deps;
  if (!mailer) {
    deps.logger.warn("email dispatch skipped: MAIL_TRANSPORT is not set, messages stay in the outbox");
    return Promise.resolve();
  }
  return dispatchOutbox({ ...deps, mailer }).then(
    () => undefined,
    (error: unknown) => deps.logger.error("email dispatch failed", { error: String(error) }),
  );
}
