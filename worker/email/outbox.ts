import { type SQL, sql } from "drizzle-orm";
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
 * The insert that puts an e-mail in the outbox (docs/architecture.md §5). It returns the statement rather
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
 * `enqueueEmail` only while `condition` holds, as one INSERT … SELECT: otherwise the same
 * statement runs and writes nothing. For an answer that must take as long for an address
 * without an account as for one with (docs/decisions/0034-pending-registrations.md, "Same work
 * for every address").
 */
export function enqueueEmailWhere(
  db: Database | Transaction,
  condition: SQL,
  { kind, to, content, userId, sendAfter }: QueuedEmail,
) {
  // Without a time, the column's own default: now by the database's clock.
  const at = sendAfter ? sql`${sendAfter.getTime()}` : sql`cast(unixepoch('subsec') * 1000 as integer)`;
  return db.run(
    sql`insert into email_outbox (kind, "to", user_id, subject, text, html, send_after)
        select ${kind}, ${to}, ${userId ?? null}, ${content.subject}, ${content.text}, ${content.html}, ${at}
        where ${condition}`,
  );
}

/** Node's response (a node:http ServerResponse), which @hono/node-server passes as `c.env.outgoing`. */
type NodeResponse = { once(event: "close", listener: () => void): unknown };

/**
 * After a request committed outbox rows: a dispatch pass, so the e-mail leaves within seconds.
 * It starts once the answer has gone out: on Node the pass's database calls run on the thread
 * that writes the answer, and an answer that waited for them would take longer exactly when an
 * e-mail was written, telling which addresses have accounts
 * (ADR 0034, "Same work for every address"). On the Worker `waitUntil` keeps the pass
 * alive after the response; in-process tests (no server) run it at once.
 */
export function dispatchSoon(c: Context<AppEnv>): void {
  const response = (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing;
  if (response) {
    response.once("close", () => void c.var.emailWritten());
    return;
  }
  const pass = c.var.emailWritten();
  try {
    c.executionCtx.waitUntil(pass);
  } catch {
    // Node: Hono has no execution context to hand the promise to.
  }
}
