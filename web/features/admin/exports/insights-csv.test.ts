import { describe, expect, it } from "vitest";
import type { Insights } from "../../../../worker/contract/insights.ts";
import { buildInsightsCsv, insightsExportFileName } from "./insights-csv.ts";

const insights: Insights = {
  days: 7,
  from: "2026-10-26",
  to: "2026-11-01",
  product_id: null,
  daily: [],
  products: [
    { id: 3, name: "Ihlamur, çay", views: 8, shop_visits: 2 },
    { id: 4, name: '=HYPERLINK("http://x")', views: 0, shop_visits: 0 },
  ],
};

describe("the insights' CSV", () => {
  it("is the users' export's format: BOM, quoting, the formula guard, CRLF", () => {
    expect(buildInsightsCsv(insights)).toBe(
      '\uFEFFproduct_id,name,views,shop_visits,visit_ratio\r\n3,"Ihlamur, çay",8,2,0.2500\r\n4,"\'=HYPERLINK(""http://x"")",0,0,\r\n',
    );
  });

  it("names the file by the period", () => {
    expect(insightsExportFileName(insights)).toBe("insights_7d_2026-10-26_2026-11-01.csv");
  });
});
