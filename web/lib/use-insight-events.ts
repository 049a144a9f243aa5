import { useCallback, useEffect } from "react";
import { countShopVisit, countView } from "./insight-events.ts";

/**
 * A product page's counting: a view when the page shows `productId`, and the handler for its
 * marketplace link's clicks (middle clicks open the link too: `onAuxClick`).
 */
export function useInsightEvents(productId: number): { onShopVisit: () => void } {
  useEffect(() => {
    // Sent after a timer's turn, and cancelled with the effect: React's development checks
    // (StrictMode) mount every effect twice, and the first mount's view would count twice.
    const timer = setTimeout(() => void countView(productId), 0);
    return () => clearTimeout(timer);
  }, [productId]);
  return { onShopVisit: useCallback(() => countShopVisit(productId), [productId]) };
}
