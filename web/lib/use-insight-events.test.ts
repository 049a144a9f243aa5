// @vitest-environment jsdom
import { act, createElement, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useInsightEvents } from "./use-insight-events.ts";

// React's checks for tests: updates are wrapped in act() here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function ProductPage({ productId }: { productId: number }) {
  useInsightEvents(productId);
  return null;
}

/** The events the page sent, as the server would read them. */
function recordEvents() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ status: "accepted" }), { status: 202 });
    }),
  );
  return sent;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a product page's view count", () => {
  it("counts one view per product shown, under React's development checks too (StrictMode mounts effects twice)", async () => {
    const sent = recordEvents();
    const root = createRoot(document.createElement("div"));
    await act(() => root.render(createElement(StrictMode, null, createElement(ProductPage, { productId: 7 }))));
    await settle();
    expect(sent).toEqual([{ product_id: 7, kind: "view" }]);

    await act(() => root.render(createElement(StrictMode, null, createElement(ProductPage, { productId: 8 }))));
    await settle();
    expect(sent).toEqual([
      { product_id: 7, kind: "view" },
      { product_id: 8, kind: "view" },
    ]);
    await act(() => root.unmount());
  });
});
