import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { SignedInEnv } from "../auth/require-user.ts";
import type { Database, Transaction } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema.ts";
import { databaseUnavailable, isDatabaseUnavailable } from "../db/unavailable.ts";
import { ApiError } from "./api-error.ts";

/**
 * How long the first answer to an admin write is kept for its `Idempotency-Key`: longer than a
 * change may wait in the admin's offline queue (issue 28), so its replay never applies twice.
 */
export const idempotencyKeyLifeMs = 30 * 24 * 60 * 60 * 1000;

/** Expired answers one transaction of the periodic pass removes: a short hold of the write lock. */
export const expiredKeysPerTurn = 500;

/** The handler's database work, and its key's record, are this transaction. */
export type WriteEnv = SignedInEnv & { Variables: { tx: Transaction } };

/** Thrown inside the transaction to roll back a server error's partial work. */
const serverError = Symbol("server error");

/** The longest `Idempotency-Key` kept: a UUID is 36 characters; far longer is not a key. */
export const maxIdempotencyKeyLength = 200;

/**
 * docs/architecture.md §3: an admin write sent again with the same `Idempotency-Key` (the offline queue
 * replaying after a lost answer, two tabs, a retry racing the original) gets the first answer
 * back and changes nothing. Runs after the admin check, so keys are per administrator.
 *
 * The handler runs inside one write transaction (`c.var.tx`) that also looks the key up first
 * and records the answer last (docs/decisions/0044-exactly-once-admin-writes.md): the database
 * lets one write transaction in at a time, so a copy that arrives while the first is running
 * waits and then finds its answer, and a process killed in between leaves both the write and
 * the key, or neither. A server error rolls the handler's work back and is not recorded, so it
 * can be retried; every other answer is kept for `idempotencyKeyLifeMs`.
 *
 * A key names one request (docs/decisions/0066-idempotency-keys-name-one-request.md): an empty
 * or overlong key is refused with 400, and the answer is kept with the request's hash, so the
 * same key with another body or `If-Match` is refused with 422 instead of replaying an answer
 * to a request that was never applied.
 */
export const idempotent = ({
  bodyOf,
}: {
  /**
   * What stands for the body in the request's hash, when its bytes are not the request: a
   * multipart body's boundary is new each time a client builds it, so the photo upload names its
   * files' contents instead.
   */
  bodyOf?: (c: Context) => string;
} = {}) =>
  createMiddleware<WriteEnv>(async (c, next) => {
    const key = c.req.header("Idempotency-Key");
    if (key === "") throw new ApiError(400, "invalid_request", (t) => t.api_idempotency_key_empty);
    if (key !== undefined && key.length > maxIdempotencyKeyLength) {
      throw new ApiError(400, "invalid_request", (t) =>
        t.api_idempotency_key_too_long({ max: maxIdempotencyKeyLength }),
      );
    }
    const requestHash = key === undefined ? undefined : await hashOfRequest(c, bodyOf?.(c));
    const { db, user, clock } = c.var;
    let replay: Response | undefined;
    try {
      replay = await db.transaction(async (tx) => {
        const first = key === undefined ? undefined : await recorded(tx, user.id, key);
        if (first) return replayed(c, first, requestHash);
        c.set("tx", tx);
        await next();
        if (c.res.status >= 500) throw serverError;
        if (key === undefined) return undefined;
        const now = clock.now();
        const { method, path } = c.req;
        const body = await c.res.clone().text();
        await tx.insert(idempotencyKeys).values({
          key,
          userId: user.id,
          method,
          path,
          status: c.res.status,
          body,
          requestHash,
          createdAt: now,
        });
        return undefined;
      });
    } catch (error) {
      if (error === serverError) return; // the handler's answer stands, and nothing of it
      // Another copy's transaction committed the key first (the database did not make this one
      // wait): this one is rolled back, and answers as that copy did.
      const first = key === undefined || error instanceof ApiError ? undefined : await recorded(db, user.id, key);
      c.res = undefined; // no header of the rolled-back answer reaches the next one
      if (!first) throw isDatabaseUnavailable(error) ? databaseUnavailable(error) : error;
      replay = replayed(c, first, requestHash);
    }
    if (replay) c.res = replay;
  });

const recorded = (db: Database | Transaction, userId: string, key: string) =>
  db.query.idempotencyKeys.findFirst({ where: and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)) });

/**
 * SHA-256 of what decides a write besides its method and path: the `If-Match` it is based on and
 * its body's bytes as the handler reads them (Hono's cached copy: the text of the JSON check, or
 * the bytes of a photo upload, which a text decoding would change and Hono could not parse again).
 */
async function hashOfRequest(c: Context, bodyText: string | undefined): Promise<string> {
  const ifMatch = new TextEncoder().encode(`${c.req.header("If-Match") ?? ""}\n`);
  const body = bodyText === undefined ? new Uint8Array(await c.req.arrayBuffer()) : new TextEncoder().encode(bodyText);
  const request = new Uint8Array(ifMatch.length + body.length);
  request.set(ifMatch);
  request.set(body, ifMatch.length);
  const digest = await crypto.subtle.digest("SHA-256", request);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The first answer again, for a repeat of the same request; another request may not reuse its key. */
function replayed(c: Context, first: typeof idempotencyKeys.$inferSelect, requestHash: string | undefined): Response {
  if (first.method !== c.req.method || first.path !== c.req.path) {
    throw new ApiError(422, "idempotency_key_reused", (t) => t.api_idempotency_key_reused);
  }
  // An answer recorded before hashes were kept (migration 0010) is replayed as it was.
  if (first.requestHash !== null && first.requestHash !== requestHash) {
    throw new ApiError(422, "idempotency_key_reused", (t) => t.api_idempotency_key_other_request);
  }
  return new Response(first.body === "" ? null : first.body, {
    status: first.status,
    headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true", "Cache-Control": "no-store" },
  });
}

/**
 * Removes the answers older than `idempotencyKeyLifeMs`, oldest first, through the index on
 * `created_at`, `expiredKeysPerTurn` per transaction. Run by the periodic pass (the Node
 * server's timer, the Worker's cron), not by the writes: inside a write's transaction it was one
 * more round trip holding the write lock (docs/decisions/0057-write-transactions-take-turns-in-the-process.md).
 *
 * @returns how many answers were removed
 */
export async function purgeExpiredAnswers(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - idempotencyKeyLifeMs);
  let removed = 0;
  for (;;) {
    // Looked for before the transaction: most passes find nothing, and take no lock.
    const expired = await db
      .select({ rowid: sql<number>`rowid` })
      .from(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .orderBy(idempotencyKeys.createdAt)
      .limit(expiredKeysPerTurn);
    if (expired.length === 0) return removed;
    const rowids = expired.map((row) => row.rowid);
    await db.transaction((tx) =>
      tx.delete(idempotencyKeys).where(and(inArray(sql`rowid`, rowids), lt(idempotencyKeys.createdAt, cutoff))),
    );
    removed += expired.length;
    if (expired.length < expiredKeysPerTurn) return removed;
  }
}
