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
  loadCategories,
  loadCategory,
  loadProduct,
  loadProducts,
  reloadProduct,
  reloadProducts,
  subscribe,
} from "./catalog-store.ts";

/**
 * The whole catalogue store; re-renders when any part of it changes. A server render shows the
 * request's data (the module-level store belongs to the browser); in the browser, hydration uses
 * the store's initial snapshot, seeded from the same data the server rendered from.
 */
export function useCatalogueState(): CatalogueState {
  const server = useContext(ServerInitialData);
  const serverState = useMemo(() => (server ? catalogueStateFrom(server) : undefined), [server]);
  return useSyncExternalStore(subscribe, getSnapshot, () => serverState ?? initialSnapshot);
}

export type ProductsView = {
  /** Undefined while nothing is known yet (show skeletons). */
  products: readonly Product[] | undefined;
  categories: readonly Category[] | undefined;
  /** The category actually applied: undefined for "all" and for an id no category has. */
  categoryId: number | undefined;
  error: string | undefined;
  retry: () => void;
};

/**
 * Products for a list screen, optionally of one category. Loads every product and the
 * categories once per session; while the full list is still on its way, a requested category is
 * fetched alone so its products show first (SPEC §4).
 */
export function useProducts(requestedCategoryId?: number): ProductsView {
  const state = useCatalogueState();

  useEffect(() => {
    void loadProducts();
    void loadCategories();
  }, []);

  useEffect(() => {
    if (requestedCategoryId !== undefined) void loadCategory(requestedCategoryId);
  }, [requestedCategoryId]);

  // An id that no category has (a stale bookmark, a deleted category) shows every product.
  const categoryId =
    requestedCategoryId !== undefined &&
    (state.categories === undefined || state.categories.some((c) => c.id === requestedCategoryId))
      ? requestedCategoryId
      : undefined;

  const products = useMemo(() => {
    if (categoryId === undefined) return state.products;
    if (state.products) return state.products.filter((product) => product.category_id === categoryId);
    return state.byCategory.get(categoryId);
  }, [state.products, state.byCategory, categoryId]);

  return {
    products,
    categories: state.categories,
    categoryId,
    error: products ? undefined : state.productsError,
    retry: () => void reloadProducts(),
  };
}

/**
 * The home page's first products (SPEC §9): from the full list once known, until then from the
 * few the server wrote into the page. Loads the full list once, like every list screen, so
 * "View all products" opens at once.
 */
export function useFeaturedProducts(): Pick<ProductsView, "products" | "error" | "retry"> {
  const state = useCatalogueState();

  const seeded = state.products !== undefined || state.featured !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, on mount
  useEffect(() => {
    if (!seeded) {
      void loadProducts();
      return;
    }
    // Its products are on screen already: the full list only makes "View all products" open at
    // once, so it waits until the browser has nothing more urgent to do.
    return whenIdle(() => void loadProducts());
  }, []);

  const products = state.products?.slice(0, featuredProductCount) ?? state.featured;
  return {
    products,
    error: products ? undefined : state.productsError,
    retry: () => void reloadProducts(),
  };
}

export type ProductView =
  | { status: "loading" }
  | { status: "error"; message: string; retry: () => void }
  | { status: "missing" }
  | { status: "ready"; product: Product; category: Category | undefined };

/** One product for its page: from what the store knows, else fetched alone (404 → missing). */
export function useProduct(id: number | undefined): ProductView {
  const state = useCatalogueState();

  useEffect(() => {
    if (id !== undefined) void loadProduct(id);
    void loadCategories();
  }, [id]);

  if (id === undefined) return { status: "missing" };
  const product = knownProduct(state, id);
  if (product === null) return { status: "missing" };
  if (product) {
    const category = state.categories?.find((c) => c.id === product.category_id);
    return { status: "ready", product, category };
  }
  const message = state.productErrors.get(id);
  if (message) return { status: "error", message, retry: () => void reloadProduct(id) };
  return { status: "loading" };
}
