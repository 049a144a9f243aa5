import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { ApiResponseError, api, errorMessage, NetworkError, readJson } from "../../lib/api-client.ts";
import { onCategoriesChanged } from "../../lib/events.ts";
import { whenIdle } from "../../lib/idle.ts";
import { type EmbeddedData, productIdFromPathname, readInitialData } from "../../lib/initial-data.ts";
import type { FromCatalogueWorker, ToCatalogueWorker } from "./catalogue-worker.ts";

/**
 * The shopper's catalogue, one store for every screen and the header (DESIGN.md §7, SPEC §4:
 * "all products are fetched once and filtered locally"). It starts from the data the server
 * wrote into the page, then from the device's copy in IndexedDB (every product and category,
 * so the shop opens without a network), and revalidates that copy with the API's ETags: a 304
 * costs a few bytes, a 200 replaces the copy in one transaction. The reading, fetching, parsing
 * and storing happen in a Web Worker (catalogue-worker.ts, ADR 0021); this module holds what the
 * screens show.
 */
export type CatalogueState = {
  /** Every product in display order: from the device, then from the server. */
  readonly products: readonly Product[] | undefined;
  /** Each product of `products`, folded for search by the worker once it had the list. */
  readonly searchText: ReadonlyMap<Product, string>;
  /** The home page's first products, written into the page before the full list is known. */
  readonly featured: readonly Product[] | undefined;
  /** The /products page's first products and its total, written into the page. */
  readonly firstPage: { categoryId: number | undefined; products: readonly Product[]; total: number } | undefined;
  readonly productsError: string | undefined;
  readonly categories: readonly Category[] | undefined;
  /** Categories fetched alone before the full list arrived (SPEC §4), by category id. */
  readonly byCategory: ReadonlyMap<number, readonly Product[]>;
  /** Products fetched alone for their page; null when the server says it does not exist. */
  readonly byId: ReadonlyMap<number, Product | null>;
  /** The last failure loading a single product, by id: offline, or the server's sentence. */
  readonly productErrors: ReadonlyMap<number, { offline: boolean; message: string }>;
  /** When the server last confirmed the product list (ms since the epoch), if ever. */
  readonly checkedAt: number | undefined;
  /** True once the server has confirmed the product list during this page's life. */
  readonly confirmed: boolean;
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
    products: undefined,
    searchText: new Map(),
    featured: data?.featured,
    firstPage: list && { categoryId: list.category_id ?? undefined, products: list.products, total: list.total },
    productsError: undefined,
    categories: data?.categories,
    byCategory: new Map(),
    byId,
    productErrors: new Map(),
    checkedAt: undefined,
    confirmed: false,
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
let markDeviceCopyRead = () => {};
/** Resolves once the worker has posted the device's copy (it may start before anyone waits). */
const deviceCopy = new Promise<void>((resolve) => {
  markDeviceCopyRead = resolve;
});
let started: Promise<void> | undefined;
/** The product list the worker posted last: its search texts follow it, in the same order. */
let lastList: readonly Product[] = [];
let settle: (() => void)[] = [];

/**
 * The worker that reads, revalidates and stores the device's copy (catalogue-worker.ts, ADR
 * 0021); started once per page, by the first screen or loader that needs the catalogue.
 */
function catalogueWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./catalogue-worker.ts", import.meta.url), { type: "module", name: "catalogue" });
    worker.addEventListener("message", (event: MessageEvent<FromCatalogueWorker>) => receive(event.data));
    // The worker's script did not load (offline before the service worker kept it): the page
    // keeps what it was given, and says so where it has nothing to show.
    worker.addEventListener("error", () => {
      receive({ type: "unreachable", list: "products", message: errorMessage(new NetworkError(""), "") });
      receive({ type: "settled" });
      markDeviceCopyRead();
    });
  }
  return worker;
}

function receive(message: FromCatalogueWorker): void {
  switch (message.type) {
    case "device": {
      // The server may have answered already (a fast network, a slow disk): its list wins.
      const fromDevice = state.confirmed ? undefined : message.products;
      if (fromDevice) lastList = fromDevice;
      update((current) => ({
        products: fromDevice ?? current.products,
        searchText: fromDevice ? searchTextMap(fromDevice, message.searchTexts ?? []) : current.searchText,
        categories: current.categories ?? message.categories,
        checkedAt: current.checkedAt ?? message.checkedAt,
      }));
      markDeviceCopyRead();
      return;
    }
    case "products":
      lastList = message.products;
      update(() => ({
        products: message.products,
        searchText: new Map(),
        productsError: undefined,
        confirmed: true,
        unreachable: false,
        checkedAt: message.checkedAt,
        // What was fetched alone is in the list now, or gone from the shop.
        byId: new Map(),
        byCategory: new Map(),
      }));
      whenIdle(() => void keepFirstImages(message.products));
      return;
    case "search-text": {
      const list = lastList;
      update((current) => (current.products === list ? { searchText: searchTextMap(list, message.texts) } : {}));
      return;
    }
    case "categories":
      update(() => ({ categories: message.categories }));
      return;
    case "confirmed":
      update(() => ({ confirmed: true, unreachable: false, checkedAt: message.checkedAt }));
      return;
    case "unreachable":
      update((current) => ({
        unreachable: true,
        productsError: message.list === "products" && !current.products ? message.message : current.productsError,
      }));
      return;
    case "failed":
      update((current) => ({ productsError: current.products ? undefined : message.message }));
      return;
    case "settled": {
      const waiting = settle;
      settle = [];
      for (const done of waiting) done();
    }
  }
}

function searchTextMap(products: readonly Product[], texts: readonly string[]): ReadonlyMap<Product, string> {
  return new Map(products.map((product, i) => [product, texts[i] ?? ""]));
}

/** Waits until the worker has read the device's copy and put it in the state; once per page. */
function readDeviceCopy(): Promise<void> {
  catalogueWorker();
  return deviceCopy;
}

/**
 * Starts the catalogue once per page: the device's copy first (what a screen can show at once,
 * online or not), then the server's answer. Called by the routes' loaders (so hovering a link
 * warms it) and the screens; does nothing on the server.
 */
export function startCatalogue(): Promise<void> {
  if (!inBrowser) return Promise.resolve();
  started ??= readDeviceCopy().then(revalidate);
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
    catalogueWorker().postMessage({ type: "revalidate" } satisfies ToCatalogueWorker);
  });
}

/**
 * Hands every product's first picture to the service worker to keep (web/service-worker/sw.ts,
 * `CACHE_IMAGES`), so the products never opened have their picture offline too. Only the shop's
 * own pictures: another site's arrive opaque, and Chromium counts each as megabytes of quota.
 * Waits for an active service worker (none in development: then nothing happens).
 */
async function keepFirstImages(products: readonly Product[]): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const urls = [...new Set(products.flatMap((product) => product.images[0] ?? []))].filter((url) =>
    url.startsWith("/images/"),
  );
  const { active } = await navigator.serviceWorker.ready;
  if (urls.length > 0) active?.postMessage({ type: "CACHE_IMAGES", urls });
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
  if (!inBrowser || state.products || state.byCategory.has(categoryId)) return Promise.resolve();
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
 * The product as known so far: from the full list, its own fetch, the page's first products, or
 * a category fetched alone. Null only when the server said so: a product missing from the
 * device's copy may be newer than it.
 */
export function knownProduct(current: CatalogueState, id: number): Product | null | undefined {
  const fromList = current.products?.find((product) => product.id === id);
  if (fromList) return fromList;
  if (current.byId.has(id)) return current.byId.get(id);
  if (current.products && current.confirmed) return null;
  const lists = [current.featured, current.firstPage?.products, ...current.byCategory.values()];
  for (const list of lists) {
    const found = list?.find((product) => product.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Loads one product for its page, unless the catalogue knows it (or will know it once the
 * device's copy is read and the server has answered).
 */
const productRequests = new Map<number, Promise<void>>();
export async function loadProduct(id: number): Promise<void> {
  if (!inBrowser) return;
  whenIdle(() => void startCatalogue());
  // The page's own product (embedded by the server) needs nothing more.
  if (knownProduct(state, id) !== undefined) return;
  // A product page opened offline finds its product in the device's copy, without a request.
  await readDeviceCopy();
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
