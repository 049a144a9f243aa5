import { useCallback, useEffect, useState } from "react";
import type { Product } from "../../../worker/contract/catalogue.ts";
import { api, errorMessage, readJson } from "../../lib/api-client.ts";
import { ProductCard, ProductCardSkeleton } from "./product-card.tsx";

/** SPEC §9: the home page features the first 3 products (in display order). */
export const featuredCount = 3;

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; products: Product[] };

/** The first three products as cards, with skeletons while they load. */
export function FeaturedProducts() {
  const [state, setState] = useState<State>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Retry
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: "loading" });
    readJson(api.products.$get({ query: {} }, { init: { signal } }))
      .then((products) => {
        if (!signal.aborted) setState({ status: "ready", products: products.slice(0, featuredCount) });
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        setState({ status: "error", message: errorMessage(error, "Failed to load products.") });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === "error") {
    return (
      <div role="alert" className="rounded-2xl border border-terracotta-100 bg-terracotta-50 p-6 text-center">
        <p className="text-terracotta-700">{state.message}</p>
        <button type="button" className="btn btn-outline mt-4" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }

  if (state.status === "ready" && state.products.length === 0) {
    return (
      <p className="rounded-2xl border border-sand bg-white/70 p-8 text-center text-muted">
        Our first products are on their way. Please check back soon.
      </p>
    );
  }

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={state.status === "loading"}>
      {state.status === "loading"
        ? Array.from({ length: featuredCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <li key={i} className={i === 2 ? "sm:max-lg:hidden" : undefined}>
              <ProductCardSkeleton />
            </li>
          ))
        : state.products.map((product, i) => (
            <li
              key={product.id}
              className={i === 2 ? "sm:max-lg:col-span-2 sm:max-lg:mx-auto sm:max-lg:w-1/2" : undefined}
            >
              <ProductCard product={product} />
            </li>
          ))}
    </ul>
  );
}
