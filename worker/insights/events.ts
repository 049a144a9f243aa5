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
 * Counts one event. Returns whether it was counted. Throws 400 for a day outside the last 30
 * days and for a product that does not exist; nothing is written for a refused event.
 */
export async function recordEvent(
  db: Database,
  { databaseUrl, address, now }: { databaseUrl: string; address: string; now: Date },
  event: EventInput,
): Promise<boolean> {
  const today = shopDay(now);
  const day = event.day ?? today;
  if (day > today) throw dayRefused("must not be in the future");
  if (day < addDays(today, -maxEventAgeDays)) throw dayRefused(`must be within the last ${maxEventAgeDays} days`);

  const salt = await saltOfTheDay(db, databaseUrl, today, event.product_id);
  if (salt === undefined) throw unknownProduct();
  const key = await sha256Hex(`${salt}\n${address}\n${event.product_id}\n${event.kind}`);

  // One upsert, which returns the new count; only for a product that exists, so an unknown id
  // writes nothing.
  const bound = await db.all<{ count: number }>(
    sql`insert into insight_bounds (day, key, count)
        select ${today}, ${key}, 1 from products where id = ${event.product_id}
        on conflict (day, key) do update set count = count + 1
        returning count`,
  );
  const count = bound[0]?.count;
  if (count === undefined) throw unknownProduct();
  if (Number(count) > eventsPerAddressPerDay) return false;

  // One upsert per event: concurrent events add up in the database, never read-modify-write.
  const view = event.kind === "view" ? 1 : 0;
  await db.run(
    sql`insert into product_daily_counts (product_id, day, views, shop_visits)
        select id, ${day}, ${view}, ${1 - view} from products where id = ${event.product_id}
        on conflict (product_id, day) do update set
          views = views + excluded.views,
          shop_visits = shop_visits + excluded.shop_visits`,
  );
  return true;
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
