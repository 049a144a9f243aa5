import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { describeFailure, type Mailer } from "./mailer.ts";

export type DispatchDeps = {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** MAIL_FROM */
  from: string;
  /** MAIL_MAX_ATTEMPTS: tries before a message is failed for good. */
  maxAttempts: number;
};

/** What one pass did: messages sent, failed tries that will be retried, and messages given up. */
export type DispatchResult = { sent: number; retrying: number; failed: number };

/**
 * How long a pass holds the rows it claimed. Past it, a row whose pass died (a crash, a deploy,
 * an isolate evicted mid-send) is due again. It must outlast a whole batch of sends, each
 * bounded by its transport's timeouts (about a minute at worst), or a slow but live pass would
 * lose its rows to another and both would send them.
 */
export const claimTtlMs = 15 * 60_000;

/** Rows claimed at once: few, so a pass that dies strands few, and the claim above holds. */
export const claimBatchSize = 10;

/** A pass stops after this many messages; the next timer tick, wake or cron goes on. */
export const maxMessagesPerPass = 200;

const firstRetryMs = 60_000;
const longestRetryMs = 12 * 60 * 60_000;

/**
 * The wait after the `attempts`-th failed try: 1 min, 3, 9, 27, 81 min, 4 h 3 min, then 12 h
 * (the cap). With the default 8 tries the last comes about 18 hours after the first, so an
 * outage of the provider shorter than that loses nothing.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(firstRetryMs * 3 ** Math.max(0, attempts - 1), longestRetryMs);
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * One pass over the outbox (docs/decisions/0013-email-outbox-and-transports.md): claims due rows
 * a batch at a time, sends each, marks it sent, or records the failure and schedules the next
 * try, until nothing is due. Any number of passes may run at once, in one process or several
 * (the timer and a wake, two Worker isolates, the CLI beside the server): a row is claimed by one
 * statement that only takes rows nobody holds, so each message is sent by one pass.
 *
 * Rejects only when the database fails; a transport's failure is recorded on its row.
 */
export async function dispatchOutbox(deps: DispatchDeps): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, retrying: 0, failed: 0 };
  result.failed += await failAbandoned(deps);
  let handled = 0;
  while (handled < maxMessagesPerPass) {
    const claimId = crypto.randomUUID();
    const batch = await claimDue(deps, claimId, Math.min(claimBatchSize, maxMessagesPerPass - handled));
    if (batch.length === 0) break;
    for (const row of batch) {
      result[await deliver(deps, row, claimId)]++;
      handled++;
    }
  }
  if (result.sent + result.retrying + result.failed > 0) {
    deps.logger.info("email dispatch", { ...result, transport: deps.mailer.transport });
  }
  return result;
}

/**
 * Takes up to `limit` due rows for this pass: waiting, due, with tries left, and held by no
 * live claim. One UPDATE … WHERE id IN (SELECT …) … RETURNING: the database runs the statement
 * alone, so two passes never get the same row. The try is counted here, before sending, so a
 * pass that dies while sending still used one.
 */
async function claimDue(deps: DispatchDeps, claimId: string, limit: number): Promise<OutboxRow[]> {
  const { db, clock, maxAttempts } = deps;
  const now = clock.now();
  const unclaimed = or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, now));
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        lte(emailOutbox.sendAfter, now),
        lt(emailOutbox.attempts, maxAttempts),
        unclaimed,
      ),
    )
    .orderBy(asc(emailOutbox.sendAfter), asc(emailOutbox.id))
    .limit(limit);
  const rows = await db
    .update(emailOutbox)
    .set({
      claimId,
      claimedUntil: new Date(now.getTime() + claimTtlMs),
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(and(inArray(emailOutbox.id, due), unclaimed))
    .returning();
  // RETURNING gives no order; send in the order they became due.
  return rows.sort((a, b) => a.sendAfter.getTime() - b.sendAfter.getTime() || a.id - b.id);
}

/** Sends one claimed row and records what happened, unless another pass has taken it since. */
async function deliver(deps: DispatchDeps, row: OutboxRow, claimId: string): Promise<"sent" | "retrying" | "failed"> {
  const { db, clock, logger, maxAttempts } = deps;
  const ours = and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimId, claimId));
  const released = { claimId: null, claimedUntil: null };
  try {
    await deps.mailer.send({
      key: `outbox-${row.id}-${row.createdAt.getTime()}`,
      to: row.to,
      from: deps.from,
      subject: row.subject,
      text: row.text,
      html: row.html,
    });
  } catch (error) {
    const reason = describeFailure(error);
    const now = clock.now();
    const last = row.attempts >= maxAttempts; // the claim counted this try
    await db
      .update(emailOutbox)
      .set(
        last
          ? { ...released, lastError: reason, failedAt: now }
          : { ...released, lastError: reason, sendAfter: new Date(now.getTime() + retryDelayMs(row.attempts)) },
      )
      .where(ours);
    const fields = { id: row.id, kind: row.kind, attempts: row.attempts, error: reason };
    if (last) logger.error("email failed for good: no tries left, kept in the outbox", fields);
    else logger.warn("email send failed, will retry", fields);
    return last ? "failed" : "retrying";
  }
  const marked = await db
    .update(emailOutbox)
    .set({ ...released, sentAt: clock.now() })
    .where(ours)
    .returning({ id: emailOutbox.id });
  if (marked.length === 0) {
    // Only if the send outlasted the claim: another pass may have sent it too.
    logger.warn("email sent after its claim expired", { id: row.id, kind: row.kind });
  }
  return "sent";
}

/**
 * Fails the rows that have no tries left but were never failed: their last try's pass died
 * before it could record a result (the claim ran out), or MAIL_MAX_ATTEMPTS was lowered. Without
 * this they would wait for ever, neither due nor failed.
 */
async function failAbandoned({ db, clock, logger, maxAttempts }: DispatchDeps): Promise<number> {
  const now = clock.now();
  const rows = await db
    .update(emailOutbox)
    .set({
      failedAt: now,
      claimId: null,
      claimedUntil: null,
      lastError: sql`coalesce(${emailOutbox.lastError}, 'the last try did not finish: its dispatcher pass stopped')`,
    })
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        gte(emailOutbox.attempts, maxAttempts),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, now)),
      ),
    )
    .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
  for (const row of rows) logger.error("email failed for good: its last try never finished", row);
  return rows.length;
}

/**
 * One pass from a timer, a cron or a wake: a failure is logged, never thrown into the scheduler.
 * Without a transport (MAIL_TRANSPORT unset) nothing is sent and every message keeps waiting.
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
