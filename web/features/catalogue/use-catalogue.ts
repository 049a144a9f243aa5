import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import type { Temperament } from "../../../worker/contract/temperaments.ts";
import { NetworkError } from "../../lib/api-client.ts";
import { onCategoriesChanged } from "../../lib/events.ts";
import { whenIdle } from "../../lib/idle.ts";
import { readInitialData, ServerInitialData } from "../../lib/initial-data.ts";
import { keepPictures } from "../../lib/keep-pictures.ts";
import { callWorker } from "../../lib/worker-calls.ts";
import { cardPicture } from "./card-picture.ts";
import { type CatalogueState, CatalogueStore, catalogueStateFrom, listKey, productKey } from "./catalogue-store.ts";
import { catalogueWorker } from "./catalogue-worker-start.ts";
import type { Answer, CatalogueWorkerApi, ProductAnswer } from "./device-catalogue.ts";
import type { ListAnswer, ListQuery } from "./product-search.ts";

const inBrowser = typeof window !== "undefined";
let store: CatalogueStore | undefined;

/** The page's catalogue store, made on first use in the browser and wired to the window. */
function catalogueStore(): CatalogueStore {
  if (store) return store;
  const { worker, failed } = catalogueWorker();
  let listener: Parameters<CatalogueWorkerApi["watch"]>[0] = () => {};
  // A worker whose script was refused never answers: every call fails as the network would.
  const refused = failed.catch(() => Promise.reject(new NetworkError("The catalogue worker did not start.")));
  refused.catch(() => {});
  const calls = callWorker(worker, (status, pictures) => listener(status, pictures));
  const call = <T>(name: string, ...args: unknown[]) => Promise.race([calls<T>(name, ...args), refused]);
  const connected: CatalogueWorkerApi = {
    watch: (watcher) => {
      listener = watcher;
      return call("watch");
    },
    list: (question) => call("list", question),
    product: (id) => call("product", id),
    revalidate: () => call("revalidate"),
  };
  // Each product's first picture as its card on this screen loads it.
  const keep = (urls: string[]) => whenIdle(() => void keepPictures(urls.map((url) => cardPicture(url))));
  const created = new CatalogueStore({ worker: connected, now: Date.now, keepPictures: keep }, readInitialData());
  // An admin's change in this window, the network back, the app back in the foreground after a
  // while: each may have left the copy behind the server.
  onCategoriesChanged(() => void created.revalidate());
  window.addEventListener("online", () => created.retry());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") created.revalidateIfOlder(5 * 60_000);
  });
  store = created;
  return created;
}

/** Starts the catalogue now (a search, the offline indicator); the screens start it when idle. */
export function startCatalogue(): void {
  if (inBrowser) catalogueStore().start();
}
const startWhenIdle = () => whenIdle(startCatalogue);

/** For a route's loader: the answer, when the worker holds a list, so a screen's first render shows it. */
export function prepareList(question: ListQuery): Promise<void> {
  if (!inBrowser || catalogueStore().getSnapshot().version === 0) return Promise.resolve();
  return catalogueStore().askList(question);
}

/**
 * The part of the store a component shows; it re-renders when that part changes. A server
 * render shows its request's data; in the browser, hydration starts from the same data.
 */
export function useCatalogue<T>(select: (state: CatalogueState) => T): T {
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

/** A question's answer from the cache, asked for whenever it is missing or older than the worker's list. */
function useAnswer<T>(state: CatalogueState, key: string, ask: () => void) {
  const entry = state.answers.get(key) as Answer<T> | undefined;
  const current = entry !== undefined && entry.version >= state.version;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the question
  useEffect(() => {
    if (!current) ask();
  }, [key, current]);
  return { answer: entry?.answer, stale: !current };
}

/**
 * The first `limit` products of a category (and of a temperament, when one is given) matching a
 * search, as the worker answers (docs/product.md §4:
 * fetched once, filtered on the device), with `total` matches and the category applied (none
 * for an id no category has). While the answer is on its way the screen keeps what it showed,
 * marked `stale`, if the answer is a moment away (the worker holds a list) or adds to what is
 * shown; otherwise `products` is undefined (loading cards): a search must not show the first
 * page as its matches.
 */
export function useProducts(
  requestedCategoryId: number | undefined,
  query: string,
  limit: number,
  temperament?: Temperament,
) {
  const state = useCatalogue(whole);
  useEffect(startWhenIdle, []);
  // An id that no category has (a stale bookmark, a deleted category) shows every product.
  const known = state.categories?.some((c) => c.id === requestedCategoryId) ?? true;
  const categoryId = known ? requestedCategoryId : undefined;
  const question: ListQuery = { categoryId, temperament, query, limit };
  const filter = `${categoryId}|${temperament}|${query.trim()}`;
  const { answer, stale } = useAnswer<ListAnswer<Product>>(state, listKey(question), () =>
    catalogueStore().askList(question),
  );
  const [shown, setShown] = useState<{ filter: string; answer: ListAnswer<Product> }>();
  useEffect(() => {
    if (answer) setShown({ filter, answer });
  }, [answer, filter]);

  let view: { products?: readonly Product[]; total?: number; stale: boolean } = { stale };
  if (answer) view = { ...answer, stale };
  else if (shown && (state.version > 0 || shown.filter === filter)) view = { ...shown.answer, stale: true };
  const { categories, error } = state;
  return { ...view, categories, categoryId, error: view.products ? undefined : error, retry: retryCatalogue };
}
const retryCatalogue = () => catalogueStore().retry();

/** The categories, for the header's menu: the page's, then the device's and the server's. */
export function useCategories(): readonly Category[] {
  const categories = useCatalogue((state) => state.categories);
  useEffect(startWhenIdle, []);
  return categories ?? noCategories;
}
const noCategories: readonly Category[] = [];

export type ProductView =
  | { status: "loading" }
  | { status: "offline" }
  | { status: "missing" }
  | { status: "error"; message: string; retry: () => void }
  | { status: "ready"; product: Product; category: Category | undefined };

/**
 * One product for its page: the worker's answer (from its list, else fetched alone: 404 →
 * missing, no answer → offline, which is not "not found"), or meanwhile a list answer holding it.
 */
export function useProduct(id: number | undefined): ProductView {
  const state = useCatalogue(whole);
  const { answer } = useAnswer<ProductAnswer>(state, productKey(id ?? 0), () => {
    if (id !== undefined) void catalogueStore().askProduct(id);
  });
  if (id === undefined || answer?.status === "missing") return { status: "missing" };
  const product = answer?.status === "found" ? answer.product : fromLists(state, id);
  if (product)
    return { status: "ready", product, category: state.categories?.find((c) => c.id === product.category_id) };
  if (answer?.status === "offline") return { status: "offline" };
  if (answer?.status !== "error") return { status: "loading" };
  return { ...answer, retry: () => catalogueStore().forget((other) => other === answer) };
}

/** A product as a list answer holds it (its card was just tapped), until its own answer is there. */
function fromLists(state: CatalogueState, id: number): Product | undefined {
  for (const { answer } of state.answers.values()) {
    const found = answer && "products" in answer ? answer.products.find((product) => product.id === id) : undefined;
    if (found) return found;
  }
  return undefined;
}
