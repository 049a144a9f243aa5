import { sql } from "drizzle-orm";
import type { InsightPeriod, Insights } from "../contract/insights.ts";
import { addDays, shopDay } from "../contract/shop-day.ts";
import type { Database } from "../db/client.ts";

/**
 * The administrator's figures for the last `days` days (today included): every product's
 * counts, and each day's totals for the whole shop or for `productId`. Two reads in one batch;
 * the days without a row are filled in here, so a chart has every day.
 */
export async function readInsights(
  db: Database,
  { days, productId, now }: { days: InsightPeriod; productId: number | undefined; now: Date },
): Promise<Insights> {
  const to = shopDay(now);
  const from = addDays(to, -(days - 1));
  const [products, daily] = await db.batch([
    db.all<{ id: number; name: string; views: number; shop_visits: number }>(
      sql`select p.id, p.name, coalesce(sum(c.views), 0) as views, coalesce(sum(c.shop_visits), 0) as shop_visits
          from products p
          left join product_daily_counts c on c.product_id = p.id and c.day between ${from} and ${to}
          group by p.id
          order by shop_visits desc, views desc, p.name, p.id`,
    ),
    db.all<{ day: string; views: number; shop_visits: number }>(
      sql`select day, sum(views) as views, sum(shop_visits) as shop_visits
          from product_daily_counts
          where day between ${from} and ${to}
            ${productId === undefined ? sql`` : sql`and product_id = ${productId}`}
          group by day`,
    ),
  ]);
  const byDay = new Map((daily as { day: string; views: number; shop_visits: number }[]).map((row) => [row.day, row]));
  return {
    days,
    from,
    to,
    products: (products as { id: number; name: string; views: number; shop_visits: number }[]).map((row) => ({
      id: Number(row.id),
      name: row.name,
      views: Number(row.views),
      shop_visits: Number(row.shop_visits),
    })),
    daily: Array.from({ length: days }, (_, i) => {
      const day = addDays(from, i);
      const row = byDay.get(day);
      return { day, views: Number(row?.views ?? 0), shop_visits: Number(row?.shop_visits ?? 0) };
    }),
    product_id: productId ?? null,
  };
}
