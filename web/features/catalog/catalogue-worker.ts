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
import { findProducts, type ListAnswer, type ListQuery, searchTextOf } from "./product-search.ts";

/**
 * The catalogue's background half (ADR 0021, ADR 0024), a dedicated Web Worker: it reads the
 * device's copy (IndexedDB), asks the server whether it changed, stores the answer, and holds
 * the product list with each product's folded search text. Screens ask it for what they show (a
 * page of a category or a search, one product) and receive only that, so a shop of a thousand
 * products does not cross to the page's main thread at all.
 */

/** What the page asks (web/features/catalog/catalog-store.ts). */
export type ToCatalogueWorker =
  /** One more round of revalidation with the server. */
  | { type: "revalidate" }
  /** A page of the product list; answered with the same `key`. */
  | { type: "list"; key: string; query: ListQuery }
  /** One product, for its page. */
  | { type: "product"; id: number };

/** What the worker tells the page, in the order it happens. */
export type FromCatalogueWorker =
  /** The device's categories and when the server last confirmed the products (undefined: none stored). */
  | { type: "device"; categories: Category[] | undefined; checkedAt: number | undefined }
  /**
   * The product list changed (read from the device, or the server's new one): answers with an
   * older `version` are out of date. `confirmed`: the server sent or confirmed it in this page's life.
   */
  | { type: "changed"; version: number; confirmed: boolean; checkedAt: number | undefined }
  /** The answer to a `list` question; undefined while no list is known (none stored, no answer yet). */
  | { type: "list"; key: string; version: number; answer: ListAnswer<Product> | undefined }
  /**
   * The answer to a `product` question: undefined when the list does not hold it (or no list is
   * known); `confirmed` as in `changed`, so the page knows whether absent means gone.
   */
  | { type: "product"; id: number; product: Product | undefined; confirmed: boolean }
  | { type: "categories"; categories: Category[] }
  /** Every product's first picture that the service worker can keep (the shop's own or https). */
  | { type: "images"; urls: string[] }
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

/** The product list and each product's folded search text, in the same order. */
let list: { products: Product[]; texts: string[] } | undefined;
let version = 0;
let confirmed = false;

function setList(products: Product[], texts: string[], checkedAt: number | undefined, fromServer: boolean): void {
  list = { products, texts };
  version += 1;
  confirmed ||= fromServer;
  post({ type: "changed", version, confirmed, checkedAt });
}

/** The device's copy as read, told to the page when it first writes (ADR 0028). */
async function readDeviceCopy(): Promise<() => void> {
  database = openCatalogueDatabase();
  const db = await database;
  let stored: Awaited<ReturnType<typeof readCatalogue>> | undefined;
  try {
    if (db) stored = await readCatalogue(db);
  } catch {
    // An unreadable copy: the server's answer replaces it.
  }
  for (const [name, record] of stored?.sync ?? []) if (record.etag) etags.set(name, record.etag);
  const checkedAt = stored?.sync.get("products")?.checkedAt;
  const products = stored && stored.products.length > 0 ? stored.products : undefined;
  // Folded here only for products stored before their texts were.
  const texts = products?.map((product, i) => stored?.searchTexts[i] ?? searchTextOf(product));
  return () => {
    if (products && texts) setList(products, texts, checkedAt, false);
    post({
      type: "device",
      categories: stored && stored.categories.length > 0 ? stored.categories : undefined,
      checkedAt,
    });
  };
}

function answerList(key: string, query: ListQuery): void {
  const answer = list ? findProducts(list.products, list.texts, query) : undefined;
  post({ type: "list", key, version, answer });
}

function answerProduct(id: number): void {
  post({ type: "product", id, product: list?.products.find((product) => product.id === id), confirmed });
}

/** A picture the service worker can keep ahead: the shop's own or another https host's. */
const isKeptPicture = (url: string) => url.startsWith("/images/") || url.startsWith("https://");

async function syncList(name: "products" | "categories"): Promise<void> {
  const etag = etags.get(name);
  // A conditional request made by code bypasses the HTTP cache, so the 304 reaches here and the
  // stored copy is not parsed and written again.
  const init = { headers: etag ? { "If-None-Match": etag } : ({} as Record<string, string>) };
  let response: Awaited<ReturnType<typeof api.categories.$get>> | Awaited<ReturnType<typeof api.products.$get>>;
  try {
    response =
      name === "products" ? await api.products.$get({ query: {} }, init) : await api.categories.$get(undefined, init);
  } catch (error) {
    post({
      type: "unreachable",
      list: name,
      message: errorMessage(new NetworkError("No answer from the server.", { cause: error }), ""),
    });
    return;
  }
  const db = await database;
  // The route's types list only its 200; a conditional request may get a 304.
  if ((response.status as number) === 304) {
    if (db) await confirmList(db, name).catch(() => {});
    if (name === "products") {
      confirmed = true;
      post({ type: "confirmed", checkedAt: Date.now() });
    }
    return;
  }
  let rows: Product[] | Category[];
  try {
    rows = await readJson<Product[] | Category[]>(response as ResponseLike<Product[] | Category[]>);
  } catch (error) {
    if (name === "products") post({ type: "failed", message: errorMessage(error, "Failed to load products.") });
    return;
  }
  const newEtag = response.headers.get("ETag");
  if (newEtag) etags.set(name, newEtag);
  else etags.delete(name);
  if (name === "categories") {
    post({ type: "categories", categories: rows as Category[] });
    if (db) await storeList(db, { list: name, rows: rows as Category[] }, newEtag ?? undefined).catch(() => {});
    return;
  }
  const products = rows as Product[];
  const texts = products.map(searchTextOf);
  setList(products, texts, Date.now(), true);
  // The service worker keeps the shop's own pictures and other https hosts' it may read (ADR 0025).
  const pictures = products.flatMap((product) => product.images[0] ?? []).filter(isKeptPicture);
  post({ type: "images", urls: [...new Set(pictures)] });
  if (db) {
    const stored = products.map((product, i) => ({ ...product, searchText: texts[i] ?? "" }));
    await storeList(db, { list: name, rows: stored }, newEtag ?? undefined).catch(() => {});
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
    await told;
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

// Read at once; told when the page first writes, since it may not be listening before (ADR 0028).
const deviceCopy = readDeviceCopy();
let told: Promise<void> | undefined;
scope.addEventListener("message", (event: MessageEvent<ToCatalogueWorker>) => {
  told ??= deviceCopy.then((tell) => tell());
  const message = event.data;
  if (message.type === "revalidate") revalidate();
  // Questions wait for the device's copy; after that they are answered from what is known.
  else if (message.type === "list") void told.then(() => answerList(message.key, message.query));
  else if (message.type === "product") void told.then(() => answerProduct(message.id));
});
