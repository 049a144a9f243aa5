import type { InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import { type EventInput, maxEventAgeDays } from "../contract/insights.ts";
import { addDays, type Day, shopDay } from "../contract/shop-day.ts";
import type { Database } from "../db/client.ts";
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

  const view = event.kind === "view" ? 1 : 0;
  const known = await writeTogether(db, [
    // The bound: one upsert, only for a product that exists (an unknown id writes nothing, and
    // its empty answer is how it is refused).
    {
      sql: `insert into insight_bounds (day, key, count)
            select ?, ?, 1 from products where id = ?
            on conflict (day, key) do update set count = count + 1
            returning count`,
      args: [today, key, event.product_id],
    },
    // The count: one upsert, in the same transaction, unless the bound was passed (no bound row:
    // the product does not exist, and the comparison with null writes nothing). Concurrent events
    // add up in the database, never read-modify-write.
    {
      sql: `insert into product_daily_counts (product_id, day, views, shop_visits)
            select ?, ?, ?, ?
            where (select count from insight_bounds where day = ? and key = ?) <= ?
            on conflict (product_id, day) do update set
              views = views + excluded.views,
              shop_visits = shop_visits + excluded.shop_visits`,
      args: [event.product_id, day, view, 1 - view, today, key, eventsPerAddressPerDay],
    },
  ]);
  if (!known) throw unknownProduct();
}

type Waiting = { statements: [InStatement, InStatement]; settle(known: boolean): void; fail(error: unknown): void };

/** The events waiting for the next write of each database client, and whether one is under way. */
const writers = new WeakMap<Database, { waiting: Waiting[]; writing: boolean }>();

/** A turn of the event loop: after the pending I/O on Node (no 1 ms timer clamp), a timer elsewhere. */
const nextTurn: (then: () => void) => void =
  typeof setImmediate === "function" ? (then) => setImmediate(then) : (then) => setTimeout(then, 0);

/** At most this many events in one transaction. */
const maxGroup = 256;

/**
 * Writes an event's two upserts in one transaction, together with the events that arrived while
 * the previous transaction was being written (group commit): on a file each commit waits for the
 * disk, so under load one commit carries many events instead of one each, and every request is
 * still answered only once its event is stored. Each event keeps its own two statements, in
 * arrival order. A Worker opens a client per request, so there each transaction holds one event
 * (one round trip). Resolves with whether the product exists.
 */
function writeTogether(db: Database, statements: [InStatement, InStatement]): Promise<boolean> {
  let writer = writers.get(db);
  if (!writer) {
    writer = { waiting: [], writing: false };
    writers.set(db, writer);
  }
  const queue = writer;
  return new Promise((settle, fail) => {
    queue.waiting.push({ statements, settle, fail });
    if (!queue.writing) void drain(db, queue);
  });
}

async function drain(db: Database, writer: { waiting: Waiting[]; writing: boolean }) {
  writer.writing = true;
  try {
    while (writer.waiting.length > 0) {
      // Turns of the event loop first, while events keep arriving: the embedded client writes
      // synchronously, so the requests that came in during the last write reach this queue only
      // now (each after its hash), and join this transaction. Alone, an event waits one turn.
      for (let seen = -1; writer.waiting.length !== seen && writer.waiting.length < maxGroup; ) {
        seen = writer.waiting.length;
        await new Promise<void>((next) => nextTurn(next));
      }
      const group = writer.waiting.splice(0, maxGroup);
      try {
        // The raw client: drizzle's mapping of hundreds of results cost a third of the write.
        const results = await db.$client.batch(
          group.flatMap((event) => event.statements),
          "write",
        );
        group.forEach((event, i) => {
          event.settle((results[2 * i]?.rows.length ?? 0) > 0);
        });
      } catch (error) {
        for (const event of group) event.fail(error);
      }
    }
  } finally {
    writer.writing = false;
  }
}

/**
 * Today's salt, made at random the first time it is asked for today. Earlier days' salts and
 * bound rows are deleted in the same batch: once a day is over its hashes can never be matched
 * to an address again (Plausible Analytics' method). Undefined when the product does not exist:
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

const dayRefused = (why: string) =>
  new ApiError(400, "invalid_request", `Invalid day: ${why}.`, { fields: { day: why } });

const unknownProduct = () =>
  new ApiError(400, "unknown_product", "No product has this id.", { fields: { product_id: "must be a product id" } });

function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
