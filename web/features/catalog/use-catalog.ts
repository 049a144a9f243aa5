import { proxy, wrap } from "comlink";
import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { featuredProductCount } from "../../../worker/contract/initial-data.ts";
import { NetworkError } from "../../lib/api-client.ts";
import { onCategoriesChanged } from "../../lib/events.ts";
import { whenIdle } from "../../lib/idle.ts";
import { readInitialData, ServerInitialData } from "../../lib/initial-data.ts";
import { keepPictures } from "../../lib/keep-pictures.ts";
import { type CatalogueState, CatalogueStore, catalogueStateFrom, listKey, productKey } from "./catalog-store.ts";
import { catalogueWorker } from "./catalogue-worker-start.ts";
import type { CatalogueWorkerApi, ProductAnswer } from "./device-catalogue.ts";
import type { ListAnswer, ListQuery } from "./product-search.ts";

const inBrowser = typeof window !== "undefined";
let store: CatalogueStore | undefined;

/** The page's catalogue store, made on first use in the browser and wired to the window's events. */
function catalogueStore(): CatalogueStore {
  if (store) return store;
  const { worker, failed } = catalogueWorker();
  const remote = wrap<CatalogueWorkerApi>(worker);
  // A worker whose script was refused never answers: every call fails as the network would.
  const refused = failed.catch(() => Promise.reject(new NetworkError("The catalogue worker did not start.")));
  refused.catch(() => {});
  const call = <T>(request: Promise<T>) => Promise.race([request, refused]);
  const connected: CatalogueWorkerApi = {
    watch: (listener) => call(remote.watch(proxy(listener))),
    list: (question) => call(remote.list(question)),
    product: (id) => call(remote.product(id)),
    revalidate: () => call(remote.revalidate()),
  };
  const created = new CatalogueStore(
    { worker: connected, now: Date.now, keepPictures: (urls) => whenIdle(() => void keepPictures(urls)) },
    readInitialData(),
  );
  // An admin's change in this window; the network back; the app back in the foreground after a
  // while: each may have left the copy behind the server.
  onCategoriesChanged(() => void created.revalidate());
  window.addEventListener("online", () => created.backOnline());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") created.revalidateIfOlder(5 * 60_000);
  });
  store = created;
  return created;
}

/** Starts the catalogue now (the offline indicator, a search); the screens start it when idle. */
export function startCatalogue(): void {
  if (inBrowser) catalogueStore().start();
}
const startWhenIdle = () => whenIdle(startCatalogue);

/**
 * For a route's loader: resolves once the worker has answered, when it holds a list (the answer
 * is then a moment away), so a screen opened from another shows its products in its first render.
 */
export function prepareList(question: ListQuery): Promise<void> {
  if (!inBrowser || catalogueStore().getSnapshot().version === 0) return Promise.resolve();
  return catalogueStore().askList(question);
}

/** For a route's loader: asks for a product before its screen does (hovering a link). */
export function prepareProduct(id: number): void {
  if (inBrowser) whenIdle(() => void catalogueStore().askProduct(id));
}

/**
 * The part of the store a component shows; it re-renders when that part changes. A server
 * render shows its request's data; in the browser, hydration starts from the same data.
 */
function useCatalogue<T>(select: (state: CatalogueState) => T): T {
  const server = useContext(ServerInitialData);
  const source = useMemo(() => {
    if (inBrowser) return catalogueStore();
    const state = catalogueStateFrom(server);
    return { subscribe: () => () => {}, getSnapshot: () => state, initialState: state };
  }, [server]);
  return useSyncExternalStore(
    source.subscribe,
    () => select(source.getSnapshot()),
    () => select(source.initialState),
  );
}
const whole = (state: CatalogueState) => state;

/** A question's cached answer, asked for whenever it is missing or older than the worker's list. */
function useAnswer<T extends ListAnswer<Product> | ProductAnswer>(
  state: CatalogueState,
  key: string,
  ask?: () => void,
) {
  const entry = state.answers.get(key) as { version: number; answer: T | undefined } | undefined;
  const current = entry !== undefined && entry.version >= state.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the question
  useEffect(() => {
    if (!current) ask?.();
  }, [key, current]);
  return entry && { answer: entry.answer, stale: !current };
}

export type ProductsView = {
  /** Undefined while nothing is known yet (show skeletons). */
  products: readonly Product[] | undefined;
  /** How many products match in all: more than `products` holds beyond the first pages. */
  total: number | undefined;
  /** True while `products` answers an earlier question (a previous search, an older list). */
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
 * The first `limit` products of a category, matching a search, as the catalogue worker answers
 * (SPEC §4: every product fetched once and filtered on the device). While the answer is on its
 * way the screen keeps what it showed, marked stale, if that answer is a moment away (the worker
 * holds a list) or only adds to what is shown; otherwise loading cards: a search must not show
 * the first page's products as its matches.
 */
export function useProducts(requestedCategoryId: number | undefined, query: string, limit: number): ProductsView {
  const state = useCatalogue(whole);
  useEffect(startWhenIdle, []);

  // An id that no category has (a stale bookmark, a deleted category) shows every product.
  const categoryId =
    requestedCategoryId !== undefined &&
    (state.categories === undefined || state.categories.some((c) => c.id === requestedCategoryId))
      ? requestedCategoryId
      : undefined;
  const question: ListQuery = { categoryId, query, limit };
  const filter = `${categoryId}|${query.trim()}`;
  const entry = useAnswer<ListAnswer<Product>>(state, listKey(question), () => catalogueStore().askList(question));
  const [shown, setShown] = useState<{ filter: string; answer: ListAnswer<Product> }>();
  const answer = entry?.answer;
  useEffect(() => {
    if (answer) setShown({ filter, answer });
  }, [answer, filter]);

  let view: Pick<ProductsView, "products" | "total" | "stale"> = {
    products: undefined,
    total: undefined,
    stale: false,
  };
  if (answer) view = { ...answer, stale: entry.stale };
  else if (shown && (state.version > 0 || shown.filter === filter)) view = { ...shown.answer, stale: true };
  return {
    ...view,
    categories: state.categories,
    categoryId,
    error: view.products ? undefined : state.error,
    retry: () => catalogueStore().retry(),
    loadAll: startCatalogue,
  };
}

/** The home page's first products (SPEC §9), from the page's data until the worker answers. */
export function useFeaturedProducts(): Pick<ProductsView, "products" | "error" | "retry"> {
  const state = useCatalogue(whole);
  const question: ListQuery = { categoryId: undefined, query: "", limit: featuredProductCount };
  const key = listKey(question);
  const seeded = state.answers.has(key);
  // Products on screen already: the full list waits until the browser has nothing more urgent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, on mount
  useEffect(() => (seeded ? startWhenIdle() : startCatalogue()), []);
  const products = useAnswer<ListAnswer<Product>>(state, key, () => catalogueStore().askList(question))?.answer
    ?.products;
  return { products, error: products ? undefined : state.error, retry: () => catalogueStore().retry() };
}

/** The categories, for the header's menu: the page's, then the device's and the server's. */
export function useCategories(): readonly Category[] {
  const categories = useCatalogue((state) => state.categories);
  useEffect(startWhenIdle, []);
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
 * One product for its page: the worker's answer (from its list, else fetched alone: 404 →
 * missing, no answer → offline, which is not "not found"), or meanwhile a list answer holding it.
 */
export function useProduct(id: number | undefined): ProductView {
  const state = useCatalogue(whole);
  const key = productKey(id ?? 0);
  const answer = useAnswer<ProductAnswer>(
    state,
    key,
    () => id !== undefined && catalogueStore().askProduct(id),
  )?.answer;
  if (id === undefined || answer?.status === "missing") return { status: "missing" };
  const product = answer?.status === "found" ? answer.product : fromLists(state, id);
  if (product)
    return { status: "ready", product, category: state.categories?.find((c) => c.id === product.category_id) };
  if (answer?.status === "offline") return { status: "offline" };
  if (answer?.status === "error") {
    const retry = () => catalogueStore().forget((other) => other === answer);
    return { status: "error", message: answer.message, retry };
  }
  return { status: "loading" };
}

/** A product as a list answer shows it (its card was just tapped), while its own answer is on its way. */
function fromLists(state: CatalogueState, id: number): Product | undefined {
  for (const { answer } of state.answers.values()) {
    const found = answer && "products" in answer ? answer.products.find((product) => product.id === id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** How fresh the device's catalogue is, and whether the server can be reached. */
export function useCatalogueFreshness(): { checkedAt: number | undefined; unreachable: boolean } {
  const checkedAt = useCatalogue((state) => state.checkedAt);
  const unreachable = useCatalogue((state) => state.unreachable);
  return { checkedAt, unreachable };
}
