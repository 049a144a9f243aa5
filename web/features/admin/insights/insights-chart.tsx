import type { ReactNode } from "react";
import type { Insights } from "../../../../worker/contract/insights.ts";
import { formatCount } from "../../../lib/format-count.ts";
import { m } from "../../../paraglide/messages.js";
import { shortDay } from "../admin-format.ts";

/**
 * Daily shop visits as bars, in a few lines of SVG (docs/decisions/0056-insights-chart-in-svg.md):
 * the bars stretch to the width (`preserveAspectRatio="none"`), while every word is HTML around
 * them, so labels stay readable on a phone. The SVG carries a one-sentence summary; the figures
 * themselves are in the tables (the daily one folded under the chart, the products' below).
 */
export function InsightsChart({ daily, subject }: { daily: Insights["daily"]; subject: string }) {
  const visits = daily.map((d) => d.shop_visits);
  const total = visits.reduce((sum, n) => sum + n, 0);
  const top = Math.max(...visits, 0);
  const busiest = daily.find((d) => d.shop_visits === top);
  const scale = Math.max(top, 1);
  const first = daily[0];
  const last = daily.at(-1);
  const summary =
    total === 0
      ? m.admin_chart_summary_none({ subject, days: daily.length })
      : m.admin_chart_summary({
          total,
          subject,
          days: daily.length,
          day: busiest ? shortDay(busiest.day) : "",
          top: formatCount(top),
        });
  return (
    <figure className="rounded-2xl border border-sand bg-white p-4 shadow-soft sm:p-5">
      <figcaption className="text-sm font-semibold text-sage-900">{m.admin_chart_caption({ subject })}</figcaption>
      <div className="mt-3 flex gap-2">
        <div aria-hidden="true" className="flex h-40 flex-col justify-between text-right text-xs text-muted">
          <span>{formatCount(scale)}</span>
          <span>{0}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${daily.length} ${scale}`}
          preserveAspectRatio="none"
          className="h-40 min-w-0 flex-1 border-b border-l border-sand"
        >
          <line
            x1="0"
            x2={daily.length}
            y1={scale / 2}
            y2={scale / 2}
            className="stroke-sand"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
          {daily.map((d, i) => (
            <rect
              key={d.day}
              x={i + 0.15}
              width={0.7}
              y={scale - d.shop_visits}
              height={d.shop_visits}
              className="fill-terracotta-500"
            >
              <title>{`${shortDay(d.day)}: ${d.shop_visits}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-6 text-xs text-muted">
        <span>{first ? shortDay(first.day) : ""}</span>
        <span>{last ? shortDay(last.day) : ""}</span>
      </div>
      <p className="mt-3 text-sm text-muted">{summary}</p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-sage-800">{m.admin_chart_figures()}</summary>
        {/* A scrolling region of its own: focusable, so a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus to scroll by keyboard */}
        <section aria-label={m.admin_chart_figures()} tabIndex={0} className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-left">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="px-3 py-1 font-medium">
                  {m.admin_chart_day()}
                </th>
                <th scope="col" className="px-3 py-1 text-right font-medium">
                  {m.admin_insights_views()}
                </th>
                <th scope="col" className="px-3 py-1 text-right font-medium">
                  {m.admin_insights_shop_visits()}
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <CountsRow key={d.day} heading={d.day} counts={d} />
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}

/**
 * A row of the insights' tables: what it counts (a day, a product), then its views and shop
 * visits; a table with more columns passes them as children.
 */
export function CountsRow({
  heading,
  lang,
  counts,
  children,
}: {
  heading: string;
  lang?: string;
  counts: { views: number; shop_visits: number };
  children?: ReactNode;
}) {
  return (
    <tr className="border-t border-sand">
      <th scope="row" lang={lang} className="px-3 py-2 font-medium text-ink">
        {heading}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{formatCount(counts.views)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatCount(counts.shop_visits)}</td>
      {children}
    </tr>
  );
}
