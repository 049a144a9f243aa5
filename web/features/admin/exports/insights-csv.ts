import type { Insights } from "../../../../worker/contract/insights.ts";
import { csvFile } from "./users-csv.ts";

/** The export's columns: the API's names, then the ratio as the table shows it. */
export const insightsCsvColumns = ["product_id", "name", "views", "shop_visits", "visit_ratio"] as const;

/**
 * Shop visits per view, as a fraction with up to four decimals (0.2500), empty without views: a
 * spreadsheet formats it, and no locale's decimal comma is guessed.
 */
export const visitRatio = (views: number, visits: number) => (views === 0 ? "" : (visits / views).toFixed(4));

/**
 * The insights of one period as CSV, the users' export's format (users-csv.ts: byte order mark,
 * RFC 4180 quoting, the formula guard; a product's name is the admin's text, but a CSV must never
 * run what a cell holds).
 */
export function buildInsightsCsv(insights: Insights): string {
  return csvFile(
    insightsCsvColumns,
    insights.products.map((p) => [p.id, p.name, p.views, p.shop_visits, visitRatio(p.views, p.shop_visits)]),
  );
}

/** `insights_<days>d_<from>_<to>.csv`: the period is in the name, so two exports never mix up. */
export const insightsExportFileName = (insights: Insights) =>
  `insights_${insights.days}d_${insights.from}_${insights.to}.csv`;
