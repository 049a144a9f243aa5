import type { Context } from "hono";
import type { Database, Transaction } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { AppEnv } from "../lib/app-env.ts";
import type { EmailContent } from "./messages.ts";

export type OutboxKind = (typeof emailOutbox.kind.enumValues)[number];

export type QueuedEmail = {
  kind: OutboxKind;
  to: string;
  content: EmailContent;
  /** When the dispatcher may send it; now when omitted. */
  sendAfter?: Date;
  /** The member it is about, when there is one: the admin reads "result e-mail sent" by it. */
  userId?: string;
};

/**
 * The insert that puts an e-mail in the outbox (DESIGN.md §5). It returns the statement rather
 * than running it, so the caller puts it in the same `db.batch` or transaction as the change
 * that causes the e-mail: both are written, or neither.
 */
export function enqueueEmail(db: Database | Transaction, { kind, to, content, sendAfter, userId }: QueuedEmail) {
  return db.insert(emailOutbox).values({
    kind,
    to,
    ...(userId ? { userId } : {}),
    subject: content.subject,
    text: content.text,
    html: content.html,
    ...(sendAfter ? { sendAfter } : {}),
  });
}

/**
 * After a request committed outbox rows: a dispatch pass now, so the e-mail leaves within
 * seconds. On the Worker `waitUntil` keeps the pass alive after the response; on Node there is no
 * execution context and the pass simply runs.
 */
export function dispatchSoon(c: Context<AppEnv>): void {
  const pass = c.var.emailWritten();
  try {
    c.executionCtx.waitUntil(pass);
  } catch {
    // Node: Hono has no execution context to hand the promise to.
  }
}
