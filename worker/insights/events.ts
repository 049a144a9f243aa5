import type { InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import { type EventInput, maxEventAgeDays } from "../contract/insights.ts";
import { addDays, type Day, shopDay } from "../contract/shop-day.ts";
import type { Database } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { ApiError } from "../lib/api-error.ts";

/**
 * Counting without tracking (docs/decisions/0055-counting-without-tracking.md). An event adds
 * one to its product's count for its day, unless the same client address already sent this many
 * of its kind for that product today: past that, a repeat is accepted and not counted, so one
 * address cannot inflate a product's figures.
 */
export const eventsPerAddressPerDay = 20;

/**
 * Today's salt per database, so the Node server asks for it once a day. Keyed by the database's
 * address: a Worker makes a client per request, but one isolate talks to one database.
 */
const salts = new Map<string, { day: Day; salt: string }>();

/**
 * Counts one event (or, past the bound, only its repeat). Throws 400 for a day outside the last
 * 30 days and for a product that does not exist; nothing is written for a refused event.
 */
export async function recordEvent(
  db: Database,
  { databaseUrl, address, now }: { databaseUrl: string; address: string; now: Date },
  event: EventInput,
): Promise<void> {
  const today = shopDay(now);
  const day = event.day ?? today;
  if (day > today) throw dayRefused("must not be in the future");
  if (day < addDays(today, -maxEventAgeDays)) throw dayRefused(`must be within the last ${maxEventAgeDays} days`);

  const salt = await saltOfTheDay(db, databaseUrl, today, event.product_id);
  if (salt === undefined) throw unknownProduct();
  const key = await sha256Hex(`${salt}\n${address}\n${event.product_id}\n${event.kind}`);

  const known = await writeTogether(db, {
    productId: event.product_id,
    day,
    view: event.kind === "view" ? 1 : 0,
    key,
    today,
  });
  if (!known) throw unknownProduct();
}

/** One event as it is written: its bound's key (hashed) and the count it adds to. */
type Counted = { productId: number; day: Day; view: 0 | 1; key: string; today: Day };
type Waiting = { event: Counted; settle(known: boolean): void; fail(error: unknown): void };

/** The events waiting for the next write of each database client, and whether one is under way. */
const writers = new WeakMap<Database, { waiting: Waiting[]; writing: boolean }>();

/** A turn of the event loop: after the pending I/O on Node (no 1 ms timer clamp), a timer elsewhere. */
const nextTurn: (then: () => void) => void =
  typeof setImmediate === "function" ? (then) => setImmediate(then) : (then) => setTimeout(then, 0);

/** At most this many events in one transaction. */
const maxGroup = 256;

/**
 * Writes an event together with the events that arrived while the previous transaction was being
 * written (group commit): on a file each commit waits for the disk, so under load one commit
 * carries many events instead of one each, and every request is still answered only once its
 * event is stored. A Worker opens a client per request, so there each transaction holds one
 * event (one round trip). Resolves with whether the product exists.
 */
function writeTogether(db: Database, event: Counted): Promise<boolean> {
  let writer = writers.get(db);
  if (!writer) {
    writer = { waiting: [], writing: false };
    writers.set(db, writer);
  }
  const queue = writer;
  return new Promise((settle, fail) => {
    queue.waiting.push({ event, settle, fail });
    if (!queue.writing) void drain(db, queue);
  });
}

async function drain(db: Database, writer: { waiting: Waiting[]; writing: boolean }) {
  writer.writing = true;
  try {
    while (writer.waiting.length > 0) {
      // Turns of the event loop first, while events keep arriving: the embedded client writes
      // synchronously, so the requests that came in during the last write reach this queue only
      // now, and join this transaction. Alone, an event waits one turn.
      for (let seen = -1; writer.waiting.length !== seen && writer.waiting.length < maxGroup; ) {
        seen = writer.waiting.length;
        await new Promise<void>((next) => nextTurn(next));
      }
      await writeGroup(db, writer.waiting.splice(0, maxGroup));
    }
  } finally {
    writer.writing = false;
  }
}

/**
 * One transaction for the group. Should the database refuse it, one event must not cost the
 * others (an event for a product deleted that day once failed the events beside it, issue 37):
 * each half is written on its own, down to the refused event alone, which alone fails. A
 * database that cannot answer (locked, unreachable) fails the group at once: the halves would
 * only wait for it again.
 */
async function writeGroup(db: Database, group: Waiting[]): Promise<void> {
  try {
    // The raw client: two statements for the whole group, whatever its size (each statement
    // costs a prepare on the embedded client, as much as running it).
    const [bounds] = await db.$client.batch(groupStatements(group.map((waiting) => waiting.event)), "write");
    const knownKeys = new Set(bounds?.rows.map((row) => String(row.key)));
    for (const waiting of group) waiting.settle(knownKeys.has(waiting.event.key));
  } catch (error) {
    if (group.length === 1 || isDatabaseUnavailable(error)) {
      for (const waiting of group) waiting.fail(error);
      return;
    }
    const half = Math.ceil(group.length / 2);
    await writeGroup(db, group.slice(0, half));
    await writeGroup(db, group.slice(half));
  }
}

/**
 * A group's two upserts, in one transaction:
 * - the bound: each key's count goes up by its events in the group, only for a product that
 *   exists (an unknown id writes nothing, and its key missing from the answer is how it is
 *   refused);
 * - the counts: each event adds to its product's day unless its bound was passed, again only
 *   for a product that exists: a product deleted today still has today's bound rows (issue 37).
 *   An event's count on the bound is the key's count after the group less the group's later
 *   events of that key (`later`), so the first events in arrival order are the ones counted.
 * Concurrent writers add up in the database, never read-modify-write.
 */
function groupStatements(group: Counted[]): [InStatement, InStatement] {
  const left = new Map<string, number>();
  for (const event of group) left.set(event.key, (left.get(event.key) ?? 0) + 1);
  const rows = group.map((event) => {
    const later = (left.get(event.key) ?? 1) - 1;
    left.set(event.key, later);
    return { ...event, later };
  });
  const places = (columns: number) => rows.map(() => `(${Array(columns).fill("?").join(", ")})`).join(", ");
  return [
    {
      sql: `with e (product_id, key, today) as (values ${places(3)})
            insert into insight_bounds (day, key, count)
            select e.today, e.key, count(*) from e join products p on p.id = e.product_id
            where true group by e.today, e.key
            on conflict (day, key) do update set count = count + excluded.count
            returning key`,
      args: rows.flatMap((row) => [row.productId, row.key, row.today]),
    },
    {
      sql: `with e (product_id, day, view, key, today, later) as (values ${places(6)})
            insert into product_daily_counts (product_id, day, views, shop_visits)
            select e.product_id, e.day, sum(e.view), sum(1 - e.view) from e join products p on p.id = e.product_id
            where (select b.count from insight_bounds b where b.day = e.today and b.key = e.key) - e.later <= ?
            group by e.product_id, e.day
            on conflict (product_id, day) do update set
              views = views + excluded.views,
              shop_visits = shop_visits + excluded.shop_visits`,
      args: [
        ...rows.flatMap((row) => [row.productId, row.day, row.view, row.key, row.today, row.later]),
        eventsPerAddressPerDay,
      ],
    },
  ];
}

/**
 * Today's salt, made at random the first time it is asked for today. Earlier days' salts and
 * bound rows are deleted in the same batch, if the periodic pass has not deleted them already
 * (forgetFinishedDays): once a day is over its hashes can never be matched to an address again
 * (Plausible Analytics' method). Undefined when the product does not exist:
 * a refused event makes no salt and deletes nothing.
 */
async function saltOfTheDay(db: Database, databaseUrl: string, today: Day, productId: number) {
  const cached = salts.get(databaseUrl);
  if (cached?.day === today) return cached.salt;
  const exists = sql`exists (select 1 from products where id = ${productId})`;
  const fresh = randomHex(16);
  const [, , rows] = await db.batch([
    db.run(sql`delete from insight_bounds where day < ${today} and ${exists}`),
    db.run(sql`delete from insight_salts where day < ${today} and ${exists}`),
    db.all<{ salt: string }>(
      sql`insert into insight_salts (day, salt) select ${today}, ${fresh} where ${exists}
          on conflict (day) do update set salt = salt
          returning salt`,
    ),
  ]);
  const salt = (rows as { salt: string }[])[0]?.salt;
  if (salt !== undefined) salts.set(databaseUrl, { day: today, salt });
  return salt;
}

/**
 * The periodic pass's part (the Node server's timer, the Worker's cron): deletes the salts and
 * bound rows of every day that is over, and this process's copy of an old salt. A day's hashes
 * then outlive it by one pass at most (30 s on Node, 5 min on Workers), whether or not an event
 * comes after midnight: a quiet night once left yesterday's salt beside its hashes until
 * morning, and they could be matched to addresses by trying them all (issue 37).
 */
export async function forgetFinishedDays(db: Database, now: Date): Promise<void> {
  const today = shopDay(now);
  for (const [databaseUrl, cached] of salts) if (cached.day < today) salts.delete(databaseUrl);
  await db.batch([
    db.run(sql`delete from insight_bounds where day < ${today}`),
    db.run(sql`delete from insight_salts where day < ${today}`),
  ]);
}

const dayRefused = (why: string) =>
  new ApiError(400, "invalid_request", (t) => t.api_invalid_day({ why }), { fields: { day: why } });

const unknownProduct = () =>
  new ApiError(400, "unknown_product", (t) => t.api_unknown_product, {
    fields: { product_id: "must be a product id" },
  });

function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * Node's own hash where there is one: synchronous, where Web Crypto's `digest` is a round trip
 * to a thread pool, which cost a tenth of each event's time on the Node server. Workers (no
 * Node compatibility, wrangler.toml) use Web Crypto.
 */
const nodeCrypto = globalThis.process?.getBuiltinModule?.("node:crypto");

async function sha256Hex(text: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash("sha256").update(text).digest("hex");
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
