import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { ApiResponseError, api, errorMessage, NetworkError, readJson } from "../../lib/api-client.ts";
import { onCategoriesChanged } from "../../lib/events.ts";
import { whenIdle } from "../../lib/idle.ts";
import { type EmbeddedData, productIdFromPathname, readInitialData } from "../../lib/initial-data.ts";
import { keepPictures } from "../../lib/keep-pictures.ts";
import type { FromCatalogueWorker, ToCatalogueWorker } from "./catalogue-worker.ts";
import { catalogueWorker } from "./catalogue-worker-start.ts";
import type { ListAnswer, ListQuery } from "./product-search.ts";

/**
 * The shopper's catalogue, one store for every screen and the header (DESIGN.md §7, SPEC §4:
 * "all products are fetched once and filtered locally"). It starts from the data the server
 * wrote into the page, then from the device's copy in IndexedDB (every product and category,
 * so the shop opens without a network), and revalidates that copy with the API's ETags: a 304
 * costs a few bytes, a 200 replaces the copy. The reading, fetching, parsing, storing, filtering
 * and searching happen in a Web Worker (catalogue-worker.ts, ADR 0021, ADR 0024); this module
 * holds what the screens show: the worker's answers to their questions, and the page's own data.
 */
export type CatalogueState = {
  /** The home page's first products, written into the page before the worker answers. */
  readonly featured: readonly Product[] | undefined;
  /** The /products page's first products and its total, written into the page. */
  readonly firstPage: { categoryId: number | undefined; products: readonly Product[]; total: number } | undefined;
  /**
   * The worker's answers, by `listKey`, each with the version of the list it was taken from (an
   * older one is shown while the new answer is on its way); undefined: the worker knows no list.
   */
  readonly answers: ReadonlyMap<string, { version: number; answer: ListAnswer<Product> | undefined }>;
  /** The worker's product list's version: 0 until it has one (from the device or the server). */
  readonly listVersion: number;
  /** True once a screen may ask the worker (startCatalogue ran: when idle, or for a search). */
  readonly started: boolean;
  readonly productsError: string | undefined;
  readonly categories: readonly Category[] | undefined;
  /** Categories fetched alone before the full list arrived (SPEC §4), by category id. */
  readonly byCategory: ReadonlyMap<number, readonly Product[]>;
  /** Products for their page, from the worker or fetched alone; null when the server says it does not exist. */
  readonly byId: ReadonlyMap<number, Product | null>;
  /** The last failure loading a single product, by id: offline, or the server's sentence. */
  readonly productErrors: ReadonlyMap<number, { offline: boolean; message: string }>;
  /** When the server last confirmed the product list (ms since the epoch), if ever. */
  readonly checkedAt: number | undefined;
  /** The last attempt to reach the server got no answer. */
  readonly unreachable: boolean;
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
  const list = data?.productList;
  return {
    featured: data?.featured,
    firstPage: list && { categoryId: list.category_id ?? undefined, products: list.products, total: list.total },
    answers: new Map(),
    listVersion: 0,
    started: false,
    productsError: undefined,
    categories: data?.categories,
    byCategory: new Map(),
    byId,
    productErrors: new Map(),
    checkedAt: undefined,
    unreachable: false,
  };
}

/** What the server rendered the page from: the first (hydrating) render must show the same. */
export const initialSnapshot: CatalogueState = catalogueStateFrom(readInitialData());

let state: CatalogueState = initialSnapshot;
const listeners = new Set<() => void>();

function update(change: (current: CatalogueState) => Partial<CatalogueState>): void {
  const changes = change(state);
  const keys = Object.keys(changes) as (keyof CatalogueState)[];
  // Each message from the worker updates the store; one that changes nothing re-renders nothing.
  if (keys.every((key) => Object.is(changes[key], state[key]))) return;
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSnapshot(): CatalogueState {
  return state;
}

const inBrowser = typeof window !== "undefined";
let worker: Worker | undefined;
let started: Promise<void> | undefined;
let settle: (() => void)[] = [];
/** Questions asked of the worker's current list, so a screen's re-render does not ask again. */
let asked = new Set<string>();
/**
 * Questions not answered yet. The worker answers in order and says "changed" before any answer
 * taken from the new list, so one still unanswered when "changed" arrives will be answered from
 * the new list: it is not asked again.
 */
const unanswered = new Set<string>();
const productAnswers = new Map<number, ((answer: { product: Product | undefined; confirmed: boolean }) => void)[]>();
/** Answers kept for screens to come back to (Back, a category chip pressed twice). */
const keptAnswers = 40;

/**
 * The worker that reads, revalidates and stores the device's copy and answers the screens'
 * questions (catalogue-worker.ts, ADR 0021, ADR 0024), listened to from the first question a
 * screen or loader asks; the app's start may have created it earlier (ADR 0028).
 */
function listenedWorker(): Worker {
  if (!worker) {
    const started = catalogueWorker();
    worker = started.worker;
    worker.addEventListener("message", (event: MessageEvent<FromCatalogueWorker>) => receive(event.data));
    // The worker's script did not load (offline before the service worker kept it): the page
    // keeps what it was given, and says so where it has nothing to show.
    void started.failed.then(() => {
      receive({ type: "unreachable", list: "products", message: errorMessage(new NetworkError(""), "") });
      receive({ type: "settled" });
      for (const id of [...productAnswers.keys()])
        receive({ type: "product", id, product: undefined, confirmed: false });
    });
  }
  return worker;
}

const ask = (message: ToCatalogueWorker) => listenedWorker().postMessage(message);

function receive(message: FromCatalogueWorker): void {
  switch (message.type) {
    case "device":
      update((current) => ({
        categories: current.categories ?? message.categories,
        checkedAt: current.checkedAt ?? message.checkedAt,
      }));
      return;
    case "changed":
      asked = new Set(unanswered);
      update((current) => ({
        listVersion: message.version,
        productsError: undefined,
        unreachable: message.confirmed ? false : current.unreachable,
        checkedAt: message.checkedAt ?? current.checkedAt,
        // What was fetched alone is in the list now, or gone from the shop.
        byCategory: new Map(),
      }));
      return;
    case "list":
      unanswered.delete(message.key);
      update((current) => {
        const answers = new Map(current.answers);
        answers.delete(message.key);
        answers.set(message.key, { version: message.version, answer: message.answer });
        for (const key of answers.keys()) {
          if (answers.size <= keptAnswers) break;
          // Forgotten: asked again if a screen comes back to it.
          answers.delete(key);
          asked.delete(key);
        }
        return { answers };
      });
      for (const done of listWaiters.get(message.key) ?? []) done();
      listWaiters.delete(message.key);
      return;
    case "product": {
      const waiting = productAnswers.get(message.id) ?? [];
      productAnswers.delete(message.id);
      for (const done of waiting) done(message);
      return;
    }
    case "images":
      // Every product's first picture, so the products never opened have theirs offline too.
      whenIdle(() => void keepPictures(message.urls));
      return;
    case "categories":
      update(() => ({ categories: message.categories }));
      return;
    case "confirmed":
      update(() => ({ unreachable: false, checkedAt: message.checkedAt }));
      return;
    case "unreachable":
      update((current) => ({
        unreachable: true,
        productsError:
          message.list === "products" && current.listVersion === 0 ? message.message : current.productsError,
      }));
      return;
    case "failed":
      update((current) => ({ productsError: current.listVersion === 0 ? message.message : undefined }));
      return;
    case "settled": {
      const waiting = settle;
      settle = [];
      for (const done of waiting) done();
    }
  }
}

/** The key of a list question: the same question has the same key. */
export function listKey(query: ListQuery): string {
  return `${query.categoryId ?? "all"}|${query.limit}|${query.query.trim()}`;
}

/**
 * Asks the worker for a page of the product list, unless it was asked of the current list
 * already; the answer arrives in `answers` under `listKey(query)`.
 */
export function askList(query: ListQuery): void {
  if (!inBrowser) return;
  const key = listKey(query);
  if (asked.has(key)) return;
  asked.add(key);
  unanswered.add(key);
  ask({ type: "list", key, query });
}

/**
 * Asks for a page of the list and resolves once the worker has answered it, or after a moment
 * at most; at once while the catalogue has not started (the page's own data shows first). A
 * route's loader awaits it, so a screen opened from another one shows its products in its
 * first render rather than loading cards for a frame.
 */
export function prepareList(query: ListQuery): Promise<void> {
  const key = listKey(query);
  if (!inBrowser || !state.started || state.answers.get(key)?.version === state.listVersion) return Promise.resolve();
  return new Promise((resolve) => {
    listWaiters.set(key, [...(listWaiters.get(key) ?? []), resolve]);
    askList(query);
    setTimeout(resolve, 300);
  });
}
const listWaiters = new Map<string, (() => void)[]>();

/** Asks the worker for one product of its list. */
function askProduct(id: number): Promise<{ product: Product | undefined; confirmed: boolean }> {
  return new Promise((resolve) => {
    const waiting = productAnswers.get(id);
    if (waiting) waiting.push(resolve);
    else {
      productAnswers.set(id, [resolve]);
      ask({ type: "product", id });
    }
  });
}

/**
 * Starts the catalogue once per page: the device's copy first (what a screen can show at once,
 * online or not), then the server's answer. Called by the routes' loaders (so hovering a link
 * warms it) and the screens; does nothing on the server.
 */
export function startCatalogue(): Promise<void> {
  if (!inBrowser) return Promise.resolve();
  if (!started) {
    update(() => ({ started: true }));
    started = revalidate();
  }
  return started;
}

/**
 * Asks the server whether the catalogue changed (one request per list, with the stored ETag) and
 * stores what changed; resolves when the worker has no round left to run. A failure keeps what
 * is shown.
 */
export function revalidate(): Promise<void> {
  if (!inBrowser) return Promise.resolve();
  return new Promise<void>((resolve) => {
    settle.push(resolve);
    ask({ type: "revalidate" });
  });
}

/** Forgets the last failure and asks again (the Retry button). */
export function reloadProducts(): Promise<void> {
  update(() => ({ productsError: undefined }));
  return started ? revalidate() : startCatalogue();
}

if (inBrowser) {
  // An admin's change in this window; the network coming back; the app returning to the
  // foreground after a while: each may have left the copy behind the server.
  onCategoriesChanged(() => void revalidate());
  window.addEventListener("online", () => void revalidate());
  document.addEventListener("visibilitychange", () => {
    const minutes = (Date.now() - (state.checkedAt ?? 0)) / 60_000;
    if (document.visibilityState === "visible" && started && minutes >= 5) void revalidate();
  });
}

/**
 * Before the full list has arrived, fetches one category's products alone (SPEC §4), so a
 * `/products?category=N` link opened from another page shows its products quickly. Cached for
 * the page's life; nothing is fetched once the full list is known.
 */
const categoryRequests = new Map<number, Promise<void>>();
export function loadCategory(categoryId: number): Promise<void> {
  if (!inBrowser || state.listVersion > 0 || state.byCategory.has(categoryId)) return Promise.resolve();
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
 * The product as known so far: for its page, from an answer of the worker, the page's first
 * products, or a category fetched alone. Null only when the server said so: a product missing
 * from the device's copy may be newer than it.
 */
export function knownProduct(current: CatalogueState, id: number): Product | null | undefined {
  if (current.byId.has(id)) return current.byId.get(id);
  const lists = [
    ...[...current.answers.values()].reverse().map((entry) => entry.answer?.products),
    current.featured,
    current.firstPage?.products,
    ...current.byCategory.values(),
  ];
  for (const list of lists) {
    const found = list?.find((product) => product.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Loads one product for its page: from the worker's list (the device's copy, or the server's
 * newer one), else fetched alone. The page's own product, embedded by the server, needs nothing
 * until the list changes.
 */
const productRequests = new Map<number, Promise<void>>();
export async function loadProduct(id: number): Promise<void> {
  if (!inBrowser) return;
  whenIdle(() => void startCatalogue());
  if (state.listVersion === 0 && knownProduct(state, id) !== undefined) return;
  // A product page opened offline finds its product in the device's copy, without a request.
  const fromList = await askProduct(id);
  if (fromList.product || fromList.confirmed) {
    const product = fromList.product ?? null;
    update((current) => ({
      byId: new Map(current.byId).set(id, product),
      productErrors: without(current.productErrors, id),
    }));
    return;
  }
  if (knownProduct(state, id) !== undefined) return;
  // A product newer than the device's copy, or an address typed by hand: asked for alone.
  let request = productRequests.get(id);
  if (!request) {
    request = readJson(api.products[":id"].$get({ param: { id: String(id) } }))
      .then((product) => {
        update((current) => ({
          byId: new Map(current.byId).set(id, product),
          productErrors: without(current.productErrors, id),
        }));
      })
      .catch((error: unknown) => {
        if (error instanceof ApiResponseError && error.status === 404) {
          update((current) => ({
            byId: new Map(current.byId).set(id, null),
            productErrors: without(current.productErrors, id),
          }));
          return;
        }
        const offline = error instanceof NetworkError;
        update((current) => ({
          unreachable: offline || current.unreachable,
          productErrors: new Map(current.productErrors).set(id, {
            offline,
            message: errorMessage(error, "Failed to load product."),
          }),
        }));
      })
      .finally(() => productRequests.delete(id));
    productRequests.set(id, request);
  }
  return request;
}

/** Forgets a failed product load and asks again (the Retry button). */
export function reloadProduct(id: number): Promise<void> {
  update((current) => ({ productErrors: without(current.productErrors, id) }));
  return loadProduct(id);
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}
