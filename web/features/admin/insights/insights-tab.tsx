import { useId, useMemo, useState } from "react";
import { type InsightPeriod, type Insights, insightPeriods } from "../../../../worker/contract/insights.ts";
import { NoticeBanner, TabHeader } from "../admin-ui.tsx";
import { downloadFile } from "../exports/download-file.ts";
import { buildInsightsCsv, insightsExportFileName, visitRatio } from "../exports/insights-csv.ts";
import { useTabAction } from "../use-tab-action.ts";
import { CountsRow, InsightsChart, shortDay } from "./insights-chart.tsx";
import { useInsights } from "./use-insights.ts";

type SortKey = "name" | "views" | "shop_visits" | "ratio";
type Row = Insights["products"][number] & { ratio: number };

const columns: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: "name", label: "Product", numeric: false },
  { key: "views", label: "Views", numeric: true },
  { key: "shop_visits", label: "Shop visits", numeric: true },
  { key: "ratio", label: "Visits per view", numeric: true },
];

const percent = (views: number, visits: number) => (views === 0 ? "—" : `${Math.round((visits / views) * 100)}%`);

function ageText(loadedAt: number): string {
  const minutes = Math.max(0, Math.round((Date.now() - loadedAt) / 60_000));
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 120) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours ago` : `${Math.round(hours / 24)} days ago`;
}

/**
 * Issue 31's Insights: for the last 7, 30 or 90 days, each product's page views, marketplace
 * visits and their ratio (sortable), a chart of daily shop visits for the shop or one product,
 * and the figures as CSV. Counted without tracking anyone (ADR 0055). Offline: the figures last
 * loaded on this device, with their age.
 */
export function InsightsTab() {
  const [days, setDays] = useState<InsightPeriod>(30);
  const [productId, setProductId] = useState<number | undefined>();
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "shop_visits", descending: true });
  const { insights, loadedAt, failed, loading, reload } = useInsights(days, productId);
  const { notice, setNotice } = useTabAction();
  const chartId = useId();

  const rows = useMemo(() => {
    const list: Row[] = (insights?.products ?? []).map((p) => ({
      ...p,
      ratio: p.views === 0 ? -1 : p.shop_visits / p.views,
    }));
    const direction = sort.descending ? -1 : 1;
    return list.sort((a, b) => {
      const order =
        sort.key === "name" ? a.name.localeCompare(b.name, "tr") : (a[sort.key] as number) - (b[sort.key] as number);
      return order * direction || a.name.localeCompare(b.name, "tr");
    });
  }, [insights, sort]);

  const totals = rows.reduce((sum, r) => ({ views: sum.views + r.views, visits: sum.visits + r.shop_visits }), {
    views: 0,
    visits: 0,
  });
  const chosen = insights?.products.find((p) => p.id === productId);

  const exportCsv = () => {
    if (!insights) return;
    downloadFile(buildInsightsCsv(insights), insightsExportFileName(insights));
    setNotice({ tone: "success", text: "Insights exported." });
  };

  return (
    <div className="space-y-6">
      <TabHeader title="Insights">
        <button type="button" className="btn btn-outline" onClick={exportCsv} disabled={!insights}>
          Export Insights (CSV)
        </button>
      </TabHeader>
      <p className="text-sm text-muted">
        Product page views and follows of each product's marketplace link, counted without cookies or identifiers.
      </p>
      <NoticeBanner notice={notice} />

      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">Period</legend>
          {insightPeriods.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => setDays(period)}
              className={period === days ? "btn btn-primary" : "btn btn-outline"}
            >
              {period} days
            </button>
          ))}
        </fieldset>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${chartId}-subject`} className="text-sm font-medium text-ink">
            Chart
          </label>
          <select
            id={`${chartId}-subject`}
            aria-controls={chartId}
            value={productId ?? ""}
            onChange={(event) => setProductId(event.target.value ? Number(event.target.value) : undefined)}
            className="h-11 max-w-full rounded-xl border border-sand bg-white px-3"
          >
            <option value="">Whole shop</option>
            {[...(insights?.products ?? [])]
              .sort((a, b) => a.name.localeCompare(b.name, "tr"))
              .map((p) => (
                <option key={p.id} value={p.id} lang="tr">
                  {p.name}
                </option>
              ))}
          </select>
        </div>
      </div>

      {failed ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-2xl bg-linen p-4 text-sm text-ink">
          <p>
            {insights && loadedAt !== undefined
              ? `Could not load the latest figures. Showing the figures last loaded on this device, ${ageText(loadedAt)}.`
              : "Insights could not be loaded."}
          </p>
          <button type="button" className="btn btn-outline" onClick={reload}>
            Retry
          </button>
        </div>
      ) : null}
      {!insights ? (
        loading ? (
          <p role="status" className="py-8 text-center text-muted">
            Loading insights...
          </p>
        ) : null
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            All products, {shortDay(insights.from)} – {shortDay(insights.to)} {insights.to.slice(0, 4)}:{" "}
            <strong className="text-ink">{totals.views}</strong> views,{" "}
            <strong className="text-ink">{totals.visits}</strong> shop visits ({percent(totals.views, totals.visits)}{" "}
            per view){loading ? " · updating…" : ""}
          </p>
          <div id={chartId}>
            <InsightsChart daily={insights.daily} subject={chosen ? chosen.name : "the whole shop"} />
          </div>
          <div className="overflow-x-auto rounded-2xl border border-sand bg-white shadow-soft">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Views and shop visits per product, last {insights.days} days</caption>
              <thead className="bg-linen">
                <tr>
                  {columns.map((column) => {
                    const active = sort.key === column.key;
                    return (
                      <th
                        key={column.key}
                        scope="col"
                        aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}
                        className={`px-3 py-2 font-semibold ${column.numeric ? "text-right" : ""}`}
                      >
                        <button
                          type="button"
                          className="inline-flex min-h-11 items-center gap-1 rounded hover:text-terracotta-700"
                          onClick={() =>
                            setSort({
                              key: column.key,
                              descending: active ? !sort.descending : column.key !== "name",
                            })
                          }
                        >
                          {column.label}
                          <span aria-hidden="true" className="text-xs">
                            {active ? (sort.descending ? "▼" : "▲") : "↕"}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <CountsRow key={row.id} heading={row.name} lang="tr" counts={row}>
                    <td className="px-3 py-2 text-right tabular-nums" title={visitRatio(row.views, row.shop_visits)}>
                      {percent(row.views, row.shop_visits)}
                    </td>
                  </CountsRow>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length === 0 ? <p className="text-center text-muted">No products yet</p> : null}
        </>
      )}
    </div>
  );
}
