import { useCallback, useEffect } from "react";
import { countShopVisit, countView } from "./insight-events.ts";

/**
 * A product page's counting: a view when the page shows `productId`, and the handler for its
 * marketplace link's clicks (middle clicks open the link too: `onAuxClick`).
 */
export function useInsightEvents(productId: number): { onShopVisit: () => void } {
  useEffect(() => {
    void countView(productId);
  }, [productId]);
  return { onShopVisit: useCallback(() => countShopVisit(productId), [productId]) };
}
