import { useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { featuredProductCount } from "../../../worker/contract/initial-data.ts";
import { whenIdle } from "../../lib/idle.ts";
import { ServerInitialData } from "../../lib/initial-data.ts";
import {
  type CatalogueState,
  catalogueStateFrom,
  getSnapshot,
  initialSnapshot,
  knownProduct,
  loadCategory,
  loadProduct,
  reloadProduct,
  reloadProducts,
  startCatalogue,
  subscribe,
} from "./catalog-store.ts";

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
  /** How many products the list has: more than `products` holds while only its first page is known. */
  total: number | undefined;
  /** False while `products` is only the page's first products. */
  complete: boolean;
  categories: readonly Category[] | undefined;
  /** Products' folded search texts, when the worker has made them (product-search.ts). */
  searchText: ReadonlyMap<Product, string>;
  /**
   * A search can run: over the whole list once the worker has folded its texts, or over a list
   * small enough to fold on the spot (all of a small shop's products in the page, a category
   * fetched alone).
   */
  searchReady: boolean;
  /** The category actually applied: undefined for "all" and for an id no category has. */
  categoryId: number | undefined;
  error: string | undefined;
  retry: () => void;
  /** Loads the whole list now rather than when idle (a search needs it). */
  loadAll: () => void;
};

/**
 * Products for a list screen, optionally of one category, from the one catalogue (every product
 * once, filtered here: SPEC §4). While the full list is still on its way, the page's first
 * products show, or a requested category fetched alone (SPEC §4).
 */
export function useProducts(requestedCategoryId?: number): ProductsView {
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

  const view = useMemo((): Pick<ProductsView, "products" | "total" | "complete"> => {
    if (state.products) {
      const products =
        categoryId === undefined
          ? state.products
          : state.products.filter((product) => product.category_id === categoryId);
      return { products, total: products.length, complete: true };
    }
    const first = state.firstPage;
    if (first && first.categoryId === categoryId) {
      return { products: first.products, total: first.total, complete: first.products.length === first.total };
    }
    const alone = categoryId === undefined ? undefined : state.byCategory.get(categoryId);
    return { products: alone, total: alone?.length, complete: alone !== undefined };
  }, [state.products, state.firstPage, state.byCategory, categoryId]);

  return {
    ...view,
    categories: state.categories,
    searchText: state.searchText,
    searchReady: state.products
      ? state.products.length === 0 || state.searchText.size > 0
      : view.complete && view.products !== undefined,
    categoryId,
    error: view.products ? undefined : state.productsError,
    retry: () => void reloadProducts(),
    loadAll: () => void startCatalogue(),
  };
}

/**
 * The home page's first products (SPEC §9): from the full list once known, until then from the
 * few the server wrote into the page. Starts the catalogue like every screen, so "View all
 * products" opens at once and the device holds the shop for offline use.
 */
export function useFeaturedProducts(): Pick<ProductsView, "products" | "error" | "retry"> {
  const state = useCatalogueState();

  const seeded = state.products !== undefined || state.featured !== undefined;
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

  const products = state.products?.slice(0, featuredProductCount) ?? state.featured;
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

  useEffect(() => {
    if (id !== undefined) void loadProduct(id);
  }, [id]);

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
