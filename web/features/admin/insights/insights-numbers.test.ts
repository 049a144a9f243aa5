import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { getLocale, type Locale, overwriteGetLocale } from "../../../paraglide/runtime.js";
import { CountsRow, InsightsChart } from "./insights-chart.tsx";

// Issue 40: the insights' numbers are written in the page's language, "1.234" on a Turkish page,
// "1,234" on an English one, by Intl on the server and in the browser alike.

const pageLocale = getLocale;
afterEach(() => overwriteGetLocale(pageLocale));

const daily = [
  { day: "2026-11-01", views: 2500, shop_visits: 1234 },
  { day: "2026-11-02", views: 10, shop_visits: 3 },
];

function render(locale: Locale) {
  overwriteGetLocale(() => locale);
  const row = createElement(CountsRow, { heading: "Ihlamur Çayı", counts: { views: 12345, shop_visits: 1234 } });
  return {
    row: renderToStaticMarkup(createElement("table", null, createElement("tbody", null, row))),
    chart: renderToStaticMarkup(createElement(InsightsChart, { daily, subject: "x" })),
  };
}

describe("the insights' numbers", () => {
  it("are grouped as the page's language groups them", () => {
    const tr = render("tr");
    expect(tr.row).toContain(">12.345</td>");
    expect(tr.row).toContain(">1.234</td>");
    expect(tr.chart).toContain("<span>1.234</span>");
    const en = render("en");
    expect(en.row).toContain(">12,345</td>");
    expect(en.row).toContain(">1,234</td>");
    expect(en.chart).toContain("<span>1,234</span>");
  });
});
