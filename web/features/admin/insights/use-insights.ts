import { useCallback, useEffect, useRef, useState } from "react";
import type { InsightPeriod, Insights } from "../../../../worker/contract/insights.ts";
import { fetchInsights } from "../admin-api.ts";
import { getOutbox } from "../outbox/outbox.ts";

export type InsightsState = {
  insights: Insights | undefined;
  /** When the figures shown were loaded (ms). */
  loadedAt: number | undefined;
  /** The last load failed; what is shown (if anything) is the device's copy. */
  failed: boolean;
  loading: boolean;
  reload(): void;
};

/** The device's copy of one question's answer, beside the dashboard's five loads (use-admin-data.ts). */
const loadName = (days: InsightPeriod, productId: number | undefined) =>
  `Insights ${days}${productId ? ` product ${productId}` : ""}`;

/**
 * The Insights tab's figures for a period (and one product's days): loaded from the API and kept
 * on the device as they arrive, so offline the tab shows the last figures loaded, with their age.
 */
export function useInsights(days: InsightPeriod, productId: number | undefined): InsightsState {
  const [state, setState] = useState<Omit<InsightsState, "reload">>({
    insights: undefined,
    loadedAt: undefined,
    failed: false,
    loading: true,
  });
  const [round, setRound] = useState(0);
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is Retry's way to load again
  useEffect(() => {
    const mine = ++latest.current;
    const name = loadName(days, productId);
    const { db } = getOutbox();
    setState((previous) => ({ ...previous, loading: true }));
    void (async () => {
      // The device's copy first, so the tab has figures at once, then the server's.
      const kept = await db.loads.get(name).catch(() => undefined);
      if (mine === latest.current && kept) {
        setState({ insights: kept.data as Insights, loadedAt: kept.loadedAt, failed: false, loading: true });
      }
      try {
        const insights = await fetchInsights(days, productId);
        const loadedAt = Date.now();
        await db.loads.put({ name, data: insights, loadedAt }).catch(() => {});
        if (mine === latest.current) setState({ insights, loadedAt, failed: false, loading: false });
      } catch {
        if (mine !== latest.current) return;
        setState({
          insights: kept?.data as Insights | undefined,
          loadedAt: kept?.loadedAt,
          failed: true,
          loading: false,
        });
      }
    })();
  }, [days, productId, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}
