/// <reference lib="webworker" />
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { api, errorMessage, NetworkError, type ResponseLike, readJson } from "../../lib/api-client.ts";
import {
  type CatalogueDatabase,
  confirmList,
  openCatalogueDatabase,
  readCatalogue,
  storeList,
} from "./catalogue-db.ts";
import { searchTextOf } from "./product-search.ts";

/**
 * The catalogue's background half (ADR 0021), a dedicated Web Worker: it reads the device's copy
 * (IndexedDB), asks the server whether it changed, parses and stores the answer, and folds each
 * product's text for search. The page's main thread only receives the lists it shows, so a shop
 * of a thousand products does not hold up a tap while it is parsed, written and indexed.
 */

/** What the page asks: one more round of revalidation (web/features/catalog/catalog-store.ts). */
export type ToCatalogueWorker = { type: "revalidate" };

/** What the worker tells the page, in the order it happens. */
export type FromCatalogueWorker =
  /**
   * The device's copy, read once as the worker starts (undefined: none stored), with each
   * product's folded search text in the same order.
   */
  | {
      type: "device";
      products: Product[] | undefined;
      searchTexts: string[] | undefined;
      categories: Category[] | undefined;
      checkedAt: number | undefined;
    }
  /** The server's new product list, stored on the device. */
  | { type: "products"; products: Product[]; checkedAt: number }
  | { type: "categories"; categories: Category[] }
  /** Each product's folded search text, in the order of the product list posted just before. */
  | { type: "search-text"; texts: string[] }
  /** The server confirmed the stored product list (a 304). */
  | { type: "confirmed"; checkedAt: number }
  /** No answer from the server; `message` is the sentence a screen shows. */
  | { type: "unreachable"; list: "products" | "categories"; message: string }
  /** The server answered the product list with an error or a body that is not one. */
  | { type: "failed"; message: string }
  /** A round is over and no other is due: the page's pending `revalidate()` calls resolve. */
  | { type: "settled" };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromCatalogueWorker) => scope.postMessage(message);

let database: Promise<CatalogueDatabase | undefined> | undefined;
const etags = new Map<"products" | "categories", string>();

async function readDeviceCopy(): Promise<void> {
  database = openCatalogueDatabase();
  const db = await database;
  let stored: Awaited<ReturnType<typeof readCatalogue>> | undefined;
  try {
    if (db) stored = await readCatalogue(db);
  } catch {
    // An unreadable copy: the server's answer replaces it.
  }
  for (const [list, record] of stored?.sync ?? []) if (record.etag) etags.set(list, record.etag);
  const products = stored && stored.products.length > 0 ? stored.products : undefined;
  post({
    type: "device",
    products,
    // Folded here only for rows stored before their texts were.
    searchTexts: products?.map((product, i) => stored?.searchTexts[i] ?? searchTextOf(product)),
    categories: stored && stored.categories.length > 0 ? stored.categories : undefined,
    checkedAt: stored?.sync.get("products")?.checkedAt,
  });
}

async function syncList(list: "products" | "categories"): Promise<void> {
  const etag = etags.get(list);
  // A conditional request made by code bypasses the HTTP cache, so the 304 reaches here and the
  // stored copy is not parsed and written again.
  const init = { headers: etag ? { "If-None-Match": etag } : ({} as Record<string, string>) };
  let response: Awaited<ReturnType<typeof api.categories.$get>> | Awaited<ReturnType<typeof api.products.$get>>;
  try {
    response =
      list === "products" ? await api.products.$get({ query: {} }, init) : await api.categories.$get(undefined, init);
  } catch (error) {
    post({
      type: "unreachable",
      list,
      message: errorMessage(new NetworkError("No answer from the server.", { cause: error }), ""),
    });
    return;
  }
  const db = await database;
  // The route's types list only its 200; a conditional request may get a 304.
  if ((response.status as number) === 304) {
    if (db) await confirmList(db, list).catch(() => {});
    if (list === "products") post({ type: "confirmed", checkedAt: Date.now() });
    return;
  }
  let rows: Product[] | Category[];
  try {
    rows = await readJson<Product[] | Category[]>(response as ResponseLike<Product[] | Category[]>);
  } catch (error) {
    if (list === "products") post({ type: "failed", message: errorMessage(error, "Failed to load products.") });
    return;
  }
  const newEtag = response.headers.get("ETag");
  if (newEtag) etags.set(list, newEtag);
  else etags.delete(list);
  if (list === "categories") {
    post({ type: "categories", categories: rows as Category[] });
    if (db) await storeList(db, { list, rows: rows as Category[], etag: newEtag ?? undefined }).catch(() => {});
    return;
  }
  const products = rows as Product[];
  // The page shows the products first; their search texts follow before the (slower) write.
  post({ type: "products", products, checkedAt: Date.now() });
  const texts = products.map(searchTextOf);
  post({ type: "search-text", texts });
  if (db) {
    const rows = products.map((product, i) => ({ ...product, searchText: texts[i] ?? "" }));
    await storeList(db, { list, rows, etag: newEtag ?? undefined }).catch(() => {});
  }
}

/**
 * One round at a time; asked during a round, one more round runs after it, since the change may
 * have come after the round's requests.
 */
let round: Promise<void> | undefined;
let again = false;
function revalidate(): void {
  if (round) {
    again = true;
    return;
  }
  const run = async (): Promise<void> => {
    await deviceCopy;
    do {
      again = false;
      await Promise.all([syncList("products"), syncList("categories")]);
    } while (again);
  };
  round = run().finally(() => {
    round = undefined;
    post({ type: "settled" });
  });
}

const deviceCopy = readDeviceCopy();
scope.addEventListener("message", (event: MessageEvent<ToCatalogueWorker>) => {
  if (event.data.type === "revalidate") revalidate();
});
