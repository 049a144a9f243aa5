import * as z from "zod/mini";

/**
 * Insights (issue 31, docs/decisions/0055-counting-without-tracking.md): what the shop's pages
 * send when a product is viewed or its marketplace link followed, and what the administrator
 * reads. Shared with the web app, so zod/mini like the rest of the contract.
 */

export const eventKinds = ["view", "shop_visit"] as const;
export type EventKind = (typeof eventKinds)[number];

const dayError = "must be a date as YYYY-MM-DD";

/** `YYYY-MM-DD` naming a real date (no 2026-02-30). */
export const daySchema = z.string({ error: dayError }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: dayError }),
  z.refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    },
    { error: dayError },
  ),
);

/** The most a shop's page sends: far more than `{product_id, kind, day}` needs (413 above it). */
export const maxEventBytes = 1024;

/** How far back a day may be: an event kept on a device offline is sent up to 30 days later. */
export const maxEventAgeDays = 30;

const productIdError = "must be a product id";

/**
 * `POST /api/events`. `day` is the day the event happened on the device (an event sent later,
 * after a time offline); without it, today.
 */
export const eventSchema = z.strictObject({
  product_id: z
    .number({ error: productIdError })
    .check(z.int({ error: productIdError }), z.positive({ error: productIdError })),
  kind: z.enum(eventKinds, { error: 'must be "view" or "shop_visit"' }),
  day: z.optional(daySchema),
});
export type EventInput = z.infer<typeof eventSchema>;

export const insightPeriods = [7, 30, 90] as const;
export type InsightPeriod = (typeof insightPeriods)[number];

const productFilterError = "must be a product id";

/** `GET /api/admin/insights?days=7|30|90&product_id=`: the last `days` days, today included. */
export const insightsQuerySchema = z.object({
  days: z._default(
    z.pipe(
      z.enum(["7", "30", "90"], { error: "must be 7, 30 or 90" }),
      z.transform((days) => Number(days) as InsightPeriod),
    ),
    30,
  ),
  product_id: z.optional(
    z.pipe(
      z.string({ error: productFilterError }).check(z.regex(/^[1-9][0-9]{0,15}$/, { error: productFilterError })),
      z.pipe(
        z.transform((id: string) => Number(id)),
        z.int({ error: productFilterError }),
      ),
    ),
  ),
});

const count = z.number().check(z.int());

export const insightsSchema = z.object({
  days: z.number().check(z.int()),
  /** The first and last day of the period, both included. */
  from: z.string(),
  to: z.string(),
  /** Every product, with the period's counts (zeros included), by shop visits then views. */
  products: z.array(z.object({ id: count, name: z.string(), views: count, shop_visits: count })),
  /**
   * Every day of the period, oldest first, with the whole shop's counts, or the one product's
   * when `product_id` was given.
   */
  daily: z.array(z.object({ day: z.string(), views: count, shop_visits: count })),
  product_id: z.nullable(count),
});
export type Insights = z.infer<typeof insightsSchema>;
