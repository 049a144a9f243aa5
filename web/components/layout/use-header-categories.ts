import { useEffect, useState } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { api, readJson } from "../../lib/api-client.ts";
import { onCategoriesChanged } from "../../lib/events.ts";
import { useInitialData } from "../../lib/initial-data.ts";

/**
 * The categories listed in the header's Products menu: those the page arrived with (the
 * catalogue pages carry them, so the server renders the menu complete), else loaded once; and
 * loaded again whenever the categories-changed window event fires (SPEC §2). A failed load keeps
 * the last list: the menu still offers "All Products".
 */
export function useHeaderCategories(): readonly Category[] {
  const embedded = useInitialData()?.data.categories;
  const [categories, setCategories] = useState<readonly Category[]>(embedded ?? []);
  const seeded = embedded !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, on mount
  useEffect(() => {
    let controller = new AbortController();
    const load = () => {
      controller.abort();
      controller = new AbortController();
      const { signal } = controller;
      readJson(api.categories.$get(undefined, { init: { signal } }))
        .then((list) => {
          if (!signal.aborted) setCategories(list);
        })
        .catch(() => {
          // Offline or the server is down: keep what we have; the page itself reports errors.
        });
    };
    if (!seeded) load();
    const stop = onCategoriesChanged(load);
    return () => {
      stop();
      controller.abort();
    };
  }, []);

  return categories;
}
