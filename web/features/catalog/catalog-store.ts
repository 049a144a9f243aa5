import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { ApiResponseError, api, errorMessage, readJson } from "../../lib/api-client.ts";
import { onCategoriesChanged } from "../../lib/events.ts";
import { type EmbeddedData, productIdFromPathname, readInitialData } from "../../lib/initial-data.ts";

/**
 * The shopper's catalogue, held once for the whole app (SPEC §4: "all products are fetched once
 * and filtered locally"): moving between home, products and product pages never refetches what
 * is already known. Seeded synchronously from the data the server wrote into the page, so the
 * first render already has content and nothing the page arrived with is asked for again; the
 * rest comes from the API (which answers with ETags: the browser's HTTP cache turns a repeat
 * into a 304).
 */
export type CatalogueState = {
  /** Every product in display order, once the full list has arrived. */
  readonly products: readonly Product[] | undefined;
  /** The home page's first products, written into the page before the full list is known. */
  readonly featured: readonly Product[] | undefined;
  readonly productsError: string | undefined;
  readonly categories: readonly Category[] | undefined;
  /** Categories fetched alone before the full list arrived (SPEC §4), by category id. */
  readonly byCategory: ReadonlyMap<number, readonly Product[]>;
  /** Products fetched alone for their page; null when the server says it does not exist. */
  readonly byId: ReadonlyMap<number, Product | null>;
  /** The last failure loading a single product, by id. */
  readonly productErrors: ReadonlyMap<number, string>;
};

/**
 * The store's state before anything has been fetched: the data the server wrote into the page
 * (or rendered the page from, on the server), for the address it was written for.
 */
export function catalogueStateFrom(embedded: EmbeddedData | undefined): CatalogueState {
  const data = embedded?.data;
  const byId = new Map<number, Product | null>();
  const id = embedded ? productIdFromPathname(embedded.pathname) : undefined;
  if (data?.product) byId.set(data.product.id, data.product);
  else if (data?.product === null && id !== undefined) byId.set(id, null);
  return {
    products: data?.products,
    featured: data?.featured,
    productsError: undefined,
    categories: data?.categories,
    byCategory: new Map(),
    byId,
    productErrors: new Map(),
  };
}

/** What the server rendered the page from: the first (hydrating) render must show the same. */
export const initialSnapshot: CatalogueState = catalogueStateFrom(readInitialData());

let state: CatalogueState = initialSnapshot;
const listeners = new Set<() => void>();

function update(change: (current: CatalogueState) => Partial<CatalogueState>): void {
  state = { ...state, ...change(state) };
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSnapshot(): CatalogueState {
  return state;
}

// One request per resource at a time; a resource loaded once in this session is not asked for
// again (until `reload*` or the categories-changed event says so). What the server wrote into
// the page counts as loaded: it answered a moment ago.
let productsRequest: Promise<void> | undefined;
let productsFresh = initialSnapshot.products !== undefined;
let categoriesRequest: Promise<void> | undefined;
let categoriesFresh = initialSnapshot.categories !== undefined;
const categoryRequests = new Map<number, Promise<void>>();
const productRequests = new Map<number, Promise<void>>();
// The server has just answered for the product it seeded: no need to ask again right away.
const productsFreshById = new Set<number>(initialSnapshot.byId.keys());

/** Loads the full product list, once per session. */
export function loadProducts(): Promise<void> {
  if (productsFresh) return Promise.resolve();
  productsRequest ??= readJson(api.products.$get({ query: {} }))
    .then((products) => {
      productsFresh = true;
      update(() => ({ products, productsError: undefined }));
    })
    .catch((error: unknown) => {
      // Keep what is shown; report only when there is nothing to show.
      update((current) => ({
        productsError: current.products ? undefined : errorMessage(error, "Failed to load products."),
      }));
    })
    .finally(() => {
      productsRequest = undefined;
    });
  return productsRequest;
}

/** Forgets the last failure and asks again (the Retry button). */
export function reloadProducts(): Promise<void> {
  productsFresh = false;
  update(() => ({ productsError: undefined }));
  return loadProducts();
}

/** Loads the categories once per session, and again when they change. */
export function loadCategories(): Promise<void> {
  if (categoriesFresh) return Promise.resolve();
  categoriesRequest ??= readJson(api.categories.$get())
    .then((categories) => {
      categoriesFresh = true;
      update(() => ({ categories }));
    })
    .catch(() => {
      // Without categories the products page still lists every product.
    })
    .finally(() => {
      categoriesRequest = undefined;
    });
  return categoriesRequest;
}

if (typeof window !== "undefined") {
  onCategoriesChanged(() => {
    categoriesFresh = false;
    void loadCategories();
  });
}

/**
 * Before the full list has arrived, fetches one category's products alone (SPEC §4), so a
 * `/products?category=N` link opened from another page shows its products quickly. Cached for
 * the session; nothing is fetched once the full list is known.
 */
export function loadCategory(categoryId: number): Promise<void> {
  if (state.products || state.byCategory.has(categoryId)) return Promise.resolve();
  let request = categoryRequests.get(categoryId);
  if (!request) {
    request = readJson(api.products.$get({ query: { category_id: String(categoryId) } }))
      .then((products) => {
        update((current) => ({ byCategory: new Map(current.byCategory).set(categoryId, products) }));
      })
      .catch(() => {
        // The full list, loading beside it, reports failures.
      })
      .finally(() => categoryRequests.delete(categoryId));
    categoryRequests.set(categoryId, request);
  }
  return request;
}

/**
 * The product as known so far: from the full list, its own fetch, the home page's featured
 * products, or a category fetched alone.
 */
export function knownProduct(current: CatalogueState, id: number): Product | null | undefined {
  const fromList = current.products?.find((product) => product.id === id);
  if (fromList) return fromList;
  if (current.byId.has(id)) return current.byId.get(id);
  if (current.products && productsFresh) return null;
  const featured = current.featured?.find((product) => product.id === id);
  if (featured) return featured;
  for (const products of current.byCategory.values()) {
    const found = products.find((product) => product.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Loads one product for its page, once per session, unless it is already known from a list. */
export function loadProduct(id: number): Promise<void> {
  if (productsFreshById.has(id)) return Promise.resolve();
  // Known from the full list: loading the list (once per session) covers it.
  if (state.products?.some((product) => product.id === id)) return loadProducts();
  if (productsFresh && state.products) return Promise.resolve();
  let request = productRequests.get(id);
  if (!request) {
    request = readJson(api.products[":id"].$get({ param: { id: String(id) } }))
      .then((product) => {
        productsFreshById.add(id);
        update((current) => ({
          byId: new Map(current.byId).set(id, product),
          productErrors: without(current.productErrors, id),
        }));
      })
      .catch((error: unknown) => {
        if (error instanceof ApiResponseError && error.status === 404) {
          productsFreshById.add(id);
          update((current) => ({
            byId: new Map(current.byId).set(id, null),
            productErrors: without(current.productErrors, id),
          }));
          return;
        }
        update((current) => ({
          productErrors: new Map(current.productErrors).set(id, errorMessage(error, "Failed to load product.")),
        }));
      })
      .finally(() => productRequests.delete(id));
    productRequests.set(id, request);
  }
  return request;
}

/** Forgets a failed product load and asks again (the Retry button). */
export function reloadProduct(id: number): Promise<void> {
  productsFreshById.delete(id);
  update((current) => ({ productErrors: without(current.productErrors, id) }));
  return loadProduct(id);
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}
