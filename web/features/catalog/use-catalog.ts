import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { featuredProductCount } from "../../../worker/contract/initial-data.ts";
import { whenIdle } from "../../lib/idle.ts";
import { ServerInitialData } from "../../lib/initial-data.ts";
import {
  askList,
  type CatalogueState,
  catalogueStateFrom,
  getSnapshot,
  initialSnapshot,
  knownProduct,
  listKey,
  loadCategory,
  loadProduct,
  reloadProduct,
  reloadProducts,
  startCatalogue,
  subscribe,
} from "./catalog-store.ts";
import type { ListAnswer, ListQuery } from "./product-search.ts";

/**
 * The part of the catalogue store a component shows; it re-renders when that part changes, not
 * when any does (the header's menu would otherwise re-render the whole page for every message
 * from the worker). `select` returns a piece of the state as it is, not a new object. A server
 * render shows the request's data (the module-level store belongs to the browser); in the
 * browser, hydration uses the store's initial snapshot, seeded from the data the server rendered
 * from.
 */
function useCatalogue<T>(select: (state: CatalogueState) => T): T {
  const server = useContext(ServerInitialData);
  const serverState = useMemo(() => (server ? catalogueStateFrom(server) : undefined), [server]);
  return useSyncExternalStore(
    subscribe,
    () => select(getSnapshot()),
    () => select(serverState ?? initialSnapshot),
  );
}

/** The whole catalogue store, for the screens that show most of it. */
function useCatalogueState(): CatalogueState {
  return useCatalogue(whole);
}
const whole = (state: CatalogueState) => state;

export type ProductsView = {
  /** Undefined while nothing is known yet (show skeletons). */
  products: readonly Product[] | undefined;
  /** How many products match in all: more than `products` holds beyond the first pages. */
  total: number | undefined;
  /** True while `products` answers an earlier question (a previous search, fewer pages). */
  stale: boolean;
  categories: readonly Category[] | undefined;
  /** The category actually applied: undefined for "all" and for an id no category has. */
  categoryId: number | undefined;
  error: string | undefined;
  retry: () => void;
  /** Starts the catalogue now rather than when idle (a search needs it). */
  loadAll: () => void;
};

/**
 * The worker's answer to a list question, asked when `ask` is true (again whenever the worker's
 * list changes); undefined until it has answered. An older list's answer is kept meanwhile.
 */
function useListAnswer(state: CatalogueState, question: ListQuery, ask: boolean) {
  const key = listKey(question);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the question
  useEffect(() => {
    if (ask) askList(question);
  }, [ask, key, state.listVersion]);
  return state.answers.get(key);
}

/**
 * The first `limit` products of a category (optionally), matching a search (optionally), as the
 * catalogue worker answers (SPEC §4: every product fetched once and filtered on the device). Until
 * it has answered, the page's first products show, or a requested category fetched alone (SPEC
 * §4), or the last answer shown (marked stale); a search shows nothing until the worker can run
 * it over every product.
 */
export function useProducts(requestedCategoryId: number | undefined, query: string, limit: number): ProductsView {
  const state = useCatalogueState();

  // The page's first products are on screen already (embedded, or the device's): the rest when idle.
  useEffect(() => whenIdle(() => void startCatalogue()), []);

  useEffect(() => {
    if (requestedCategoryId !== undefined) void loadCategory(requestedCategoryId);
  }, [requestedCategoryId]);

  // An id that no category has (a stale bookmark, a deleted category) shows every product.
  const categoryId =
    requestedCategoryId !== undefined &&
    (state.categories === undefined || state.categories.some((c) => c.id === requestedCategoryId))
      ? requestedCategoryId
      : undefined;

  const searching = query.trim() !== "";
  const question: ListQuery = { categoryId, query: searching ? query : "", limit };
  // Asked once the catalogue has started, or at once for what the page's own data cannot show.
  const first = state.firstPage;
  const fromPage =
    !searching && first !== undefined && first.categoryId === categoryId && limit <= first.products.length;
  const entry = useListAnswer(state, question, state.started || !fromPage);
  // The last answer shown, to keep on screen while the next is on its way.
  const [previous, setPrevious] = useState<{ answer: ListAnswer<Product>; searching: boolean }>();
  const answer = entry?.answer;
  useEffect(() => {
    if (answer) setPrevious({ answer, searching });
  }, [answer, searching]);

  let view: Pick<ProductsView, "products" | "total" | "stale">;
  if (answer) {
    view = { products: answer.products, total: answer.total, stale: entry?.version !== state.listVersion };
  } else if (!searching && first && first.categoryId === categoryId) {
    view = { products: first.products, total: first.total, stale: false };
  } else if (!searching && categoryId !== undefined && state.byCategory.has(categoryId)) {
    const alone = state.byCategory.get(categoryId) ?? [];
    view = { products: alone.slice(0, limit), total: alone.length, stale: false };
  } else if (previous && (searching || !previous.searching) && state.listVersion > 0) {
    // The previous answer until this one arrives (a letter typed, a page more, a category).
    view = { products: previous.answer.products, total: previous.answer.total, stale: true };
  } else {
    view = { products: undefined, total: undefined, stale: false };
  }

  return {
    ...view,
    categories: state.categories,
    categoryId,
    error: view.products ? undefined : state.productsError,
    retry: () => void reloadProducts(),
    loadAll: () => void startCatalogue(),
  };
}

/**
 * The home page's first products (SPEC §9): the worker's once it has answered, until then the
 * few the server wrote into the page. Starts the catalogue like every screen, so "View all
 * products" opens at once and the device holds the shop for offline use.
 */
export function useFeaturedProducts(): Pick<ProductsView, "products" | "error" | "retry"> {
  const state = useCatalogueState();

  const seeded = state.featured !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, on mount
  useEffect(() => {
    if (!seeded) {
      void startCatalogue();
      return;
    }
    // Its products are on screen already: the full list waits until the browser has nothing
    // more urgent to do.
    return whenIdle(() => void startCatalogue());
  }, []);

  const question: ListQuery = { categoryId: undefined, query: "", limit: featuredProductCount };
  const products = useListAnswer(state, question, state.started || !seeded)?.answer?.products ?? state.featured;
  return {
    products,
    error: products ? undefined : state.productsError,
    retry: () => void reloadProducts(),
  };
}

/** The categories, for the header's menu: the page's, then the device's and the server's. */
export function useCategories(): readonly Category[] {
  const categories = useCatalogue((state) => state.categories);
  // Not on the catalogue pages' critical path: their own screens start the catalogue sooner.
  useEffect(() => whenIdle(() => void startCatalogue()), []);
  return categories ?? noCategories;
}
const noCategories: readonly Category[] = [];

export type ProductView =
  | { status: "loading" }
  | { status: "error"; message: string; retry: () => void }
  | { status: "offline" }
  | { status: "missing" }
  | { status: "ready"; product: Product; category: Category | undefined };

/**
 * One product for its page: from what the catalogue knows, else fetched alone (404 → missing;
 * no answer → offline, which is not "not found").
 */
export function useProduct(id: number | undefined): ProductView {
  const state = useCatalogueState();

  // Again when the list changes: the product may have been edited or deleted meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is the reason to ask again
  useEffect(() => {
    if (id !== undefined) void loadProduct(id);
  }, [id, state.listVersion]);

  const offline = id !== undefined && state.productErrors.get(id)?.offline === true;
  useEffect(() => {
    if (!offline || id === undefined) return;
    // Shown as unavailable offline: asked again as soon as the network is back.
    const retry = () => void reloadProduct(id);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [offline, id]);

  if (id === undefined) return { status: "missing" };
  const product = knownProduct(state, id);
  if (product === null) return { status: "missing" };
  if (product) {
    const category = state.categories?.find((c) => c.id === product.category_id);
    return { status: "ready", product, category };
  }
  const failure = state.productErrors.get(id);
  if (failure?.offline) return { status: "offline" };
  if (failure) return { status: "error", message: failure.message, retry: () => void reloadProduct(id) };
  return { status: "loading" };
}

/** How fresh the device's catalogue is, and whether the server can be reached. */
export function useCatalogueFreshness(): { checkedAt: number | undefined; unreachable: boolean } {
  const checkedAt = useCatalogue((state) => state.checkedAt);
  const unreachable = useCatalogue((state) => state.unreachable);
  return { checkedAt, unreachable };
}
