import { useId, useMemo, useState } from "react";
import { type InsightPeriod, type Insights, insightPeriods } from "../../../../worker/contract/insights.ts";
import { formatCount } from "../../../lib/format-count.ts";
import { m } from "../../../paraglide/messages.js";
import { formatPercent, minutesAgo, shortDay } from "../admin-format.ts";
import { NoticeBanner, TabHeader } from "../admin-ui.tsx";
import { downloadFile } from "../exports/download-file.ts";
import { buildInsightsCsv, insightsExportFileName, visitRatio } from "../exports/insights-csv.ts";
import { useTabAction } from "../use-tab-action.ts";
import { CountsRow, InsightsChart } from "./insights-chart.tsx";
import { useInsights } from "./use-insights.ts";

type SortKey = "name" | "views" | "shop_visits" | "ratio";
type Row = Insights["products"][number] & { ratio: number };

const columns = (): { key: SortKey; label: string; numeric: boolean }[] => [
  { key: "name", label: m.admin_insights_product(), numeric: false },
  { key: "views", label: m.admin_insights_views(), numeric: true },
  { key: "shop_visits", label: m.admin_insights_shop_visits(), numeric: true },
  { key: "ratio", label: m.admin_insights_visits_per_view(), numeric: true },
];

/** The sort buttons' marks: shapes, not words. */
const sortMarks = { descending: "▼", ascending: "▲", unsorted: "↕" };

/**
 * The product names are the shop's Turkish texts (lang="tr"), so they sort by Turkish rules (Ç
 * after C, İ after I) on every page, whatever its language.
 */
const byName = new Intl.Collator("tr").compare;

function ageText(loadedAt: number): string {
  const minutes = Math.max(0, Math.round((Date.now() - loadedAt) / 60_000));
  if (minutes < 120) return minutesAgo(minutes);
  const hours = Math.round(minutes / 60);
  return hours < 48 ? m.admin_age_hours({ count: hours }) : m.admin_age_days({ count: Math.round(hours / 24) });
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
      const order = sort.key === "name" ? byName(a.name, b.name) : (a[sort.key] as number) - (b[sort.key] as number);
      return order * direction || byName(a.name, b.name);
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
    setNotice({ tone: "success", text: m.admin_insights_exported() });
  };

  return (
    <div className="space-y-6">
      <TabHeader title={m.admin_tab_insights()}>
        <button type="button" className="btn btn-outline" onClick={exportCsv} disabled={!insights}>
          {m.admin_export_insights()}
        </button>
      </TabHeader>
      <p className="text-sm text-muted">{m.admin_insights_intro()}</p>
      <NoticeBanner notice={notice} />

      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">{m.admin_insights_period()}</legend>
          {insightPeriods.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => setDays(period)}
              className={period === days ? "btn btn-primary" : "btn btn-outline"}
            >
              {m.admin_insights_days({ days: period })}
            </button>
          ))}
        </fieldset>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${chartId}-subject`} className="text-sm font-medium text-ink">
            {m.admin_insights_chart()}
          </label>
          <select
            id={`${chartId}-subject`}
            aria-controls={chartId}
            value={productId ?? ""}
            onChange={(event) => setProductId(event.target.value ? Number(event.target.value) : undefined)}
            className="h-11 max-w-full rounded-xl border border-sand bg-white px-3"
          >
            <option value="">{m.admin_insights_whole_shop()}</option>
            {[...(insights?.products ?? [])]
              .sort((a, b) => byName(a.name, b.name))
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
              ? m.admin_insights_stale({ age: ageText(loadedAt) })
              : m.admin_insights_failed()}
          </p>
          <button type="button" className="btn btn-outline" onClick={reload}>
            {m.admin_retry()}
          </button>
        </div>
      ) : null}
      {!insights ? (
        loading ? (
          <p role="status" className="py-8 text-center text-muted">
            {m.admin_insights_loading()}
          </p>
        ) : null
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {m.admin_insights_totals_period({
              from: shortDay(insights.from),
              to: shortDay(insights.to),
              year: insights.to.slice(0, 4),
            })}{" "}
            <strong className="text-ink">{formatCount(totals.views)}</strong> {m.admin_insights_views_word()},{" "}
            <strong className="text-ink">{formatCount(totals.visits)}</strong> {m.admin_insights_shop_visits_word()} (
            {m.admin_insights_per_view({ percent: formatPercent(totals.views, totals.visits) })})
            {loading ? ` · ${m.admin_insights_updating()}` : ""}
          </p>
          <div id={chartId}>
            <InsightsChart daily={insights.daily} subject={chosen ? chosen.name : m.admin_insights_the_whole_shop()} />
          </div>
          <div className="overflow-x-auto rounded-2xl border border-sand bg-white shadow-soft">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.admin_insights_caption({ days: insights.days })}</caption>
              <thead className="bg-linen">
                <tr>
                  {columns().map((column) => {
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
                            {active
                              ? sort.descending
                                ? sortMarks.descending
                                : sortMarks.ascending
                              : sortMarks.unsorted}
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
                      {formatPercent(row.views, row.shop_visits)}
                    </td>
                  </CountsRow>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length === 0 ? <p className="text-center text-muted">{m.admin_insights_no_products()}</p> : null}
        </>
      )}
    </div>
  );
}
