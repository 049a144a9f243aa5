import { useEffect, useState } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { api, readJson } from "../../lib/api-client.ts";
import { onCategoriesChanged } from "../../lib/events.ts";

/**
 * The categories listed in the header's Products menu. Loaded once, and again whenever the
 * categories-changed window event fires (SPEC §2). A failed load keeps the last list: the menu
 * still offers "All Products".
 */
export function useHeaderCategories(): Category[] {
  const [categories, setCategories] = useState<Category[]>([]);

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
    load();
    const stop = onCategoriesChanged(load);
    return () => {
      stop();
      controller.abort();
    };
  }, []);

  return categories;
}
