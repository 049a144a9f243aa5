import { hc } from "hono/client";
import type { AppType } from "../../../worker/app.ts";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { applyOutbox, type OutboxEntry } from "../../lib/admin-outbox.ts";
import { ApiResponseError, errorMessage, NetworkError, type ResponseLike, readJson } from "../../lib/api-client.ts";
import { m } from "../../paraglide/messages.js";
import type { CatalogueStorage, ListName, StoredProduct } from "./catalogue-db.ts";
import { findProducts, isCurrentSearchText, type ListAnswer, type ListQuery, searchTextOf } from "./product-search.ts";

/** What the catalogue worker says of its catalogue, pushed to the page after every change. */
export type CatalogueStatus = {
  /** The product list's version, 0 while none is known: an answer of an older version is out of date. */
  version: number;
  categories?: Category[];
  /** When the server last sent or confirmed the product list (ms since the epoch). */
  checkedAt?: number;
  /** The last request to the server got no answer. */
  unreachable: boolean;
  /** Why no product list is known, in the words a screen shows. */
  error?: string;
};
/** An answer and the version of the list it was taken from; undefined while no list is known. */
export type Answer<T> = { version: number; answer: T | undefined };
export type ProductAnswer =
  | { status: "found"; product: Product }
  | { status: "missing" | "offline" }
  | { status: "error"; message: string };

/** The catalogue worker's calls (ADR 0039): the page's questions, and the one pushed notice. */
export type CatalogueWorkerApi = {
  /** Tells `listener` the status once the device's copy is read, and after every change. */
  watch(listener: (status: CatalogueStatus, picturesToKeep: string[]) => void): Promise<void>;
  list(question: ListQuery): Promise<Answer<ListAnswer<Product>>>;
  product(id: number): Promise<Answer<ProductAnswer>>;
  /** Asks the server whether the lists changed; resolves when no round is left to run. */
  revalidate(): Promise<void>;
};

type Deps = {
  storage: Promise<CatalogueStorage | undefined>;
  fetch: typeof fetch;
  now: () => number;
  /** The admin's changes waiting on this device, now and after each change (none on a shopper's device). */
  watchOutbox?: (listener: (entries: OutboxEntry[]) => void) => void;
};

/**
 * The catalogue's background half (ADR 0021, 0024, 0039), run in a Web Worker by
 * catalogue-worker.ts: it reads the device's copy at once, revalidates it with the API's ETags,
 * stores what changed, and answers the screens' questions from the product list and each
 * product's folded search text, so a thousand products never cross to the page.
 */
export function createDeviceCatalogue({ storage, fetch, now, watchOutbox }: Deps): CatalogueWorkerApi {
  const api = hc<AppType>("/api", { fetch });
  let list: { products: Product[]; texts: string[] } | undefined;
  /** The server sent or confirmed the product list in this page's life: a product not in it is gone. */
  let confirmed = false;
  const etags = new Map<ListName, string | undefined>();
  /** The filtered lists asked for alone before the whole list was known, by `categoryId|temperament`. */
  const alone = new Map<string, Promise<Product[]>>();
  let status: CatalogueStatus = { version: 0, unreachable: false };
  let listener: Parameters<CatalogueWorkerApi["watch"]>[0] | undefined;
  const tell = (change: Partial<CatalogueStatus>, picturesToKeep: string[] = []) => {
    status = { ...status, ...change };
    void listener?.(status, picturesToKeep);
  };
  // The lists as the server last sent them, and the admin's waiting changes laid over them
  // (ADR 0046): the admin's device shows its shop as the admin left it, before the server has it.
  let serverProducts: StoredProduct[] | undefined;
  let serverCategories: Category[] | undefined;
  let pending: OutboxEntry[] = [];
  const shownCategories = () =>
    serverCategories && pending.length > 0 ? applyOutbox([], serverCategories, pending).categories : serverCategories;
  const setProducts = (rows: StoredProduct[]) => {
    serverProducts = rows;
    const sent = new Set(rows);
    const shown = pending.length > 0 ? (applyOutbox(rows, [], pending).products as StoredProduct[]) : rows;
    list = {
      products: shown.map(({ searchText: _, ...product }) => product),
      // A row the overlay changed is folded again, and one an older build stored; the others keep their text.
      texts: shown.map((row) =>
        sent.has(row) && isCurrentSearchText(row.searchText) ? row.searchText : searchTextOf(row),
      ),
    };
    alone.clear();
  };
  const setCategories = (rows: Category[] | undefined) => {
    serverCategories = rows;
    return shownCategories();
  };

  const read = storage.then(async (db) => {
    const { lists = [], sync = [] } = (await db?.read().catch(() => undefined)) ?? {};
    for (const { list, etag } of sync) etags.set(list, etag);
    const rows = new Map(lists.map((stored) => [stored.list, stored.rows]));
    const products = (rows.get("products") ?? []) as StoredProduct[];
    if (products.length > 0) setProducts(products);
    const checkedAt = sync.find((record) => record.list === "products")?.checkedAt;
    const categories = setCategories(rows.get("categories") as Category[] | undefined);
    status = { ...status, version: list ? 1 : 0, categories, checkedAt };
    watchOutbox?.((entries) => {
      pending = entries;
      if (serverProducts) setProducts(serverProducts);
      tell({ version: status.version + 1, categories: shownCategories() });
    });
  });

  async function sync(name: ListName): Promise<void> {
    const etag = etags.get(name);
    // A conditional request made by code bypasses the HTTP cache: the 304 reaches here, and the
    // stored copy is neither parsed nor written again.
    const init = { headers: etag ? { "If-None-Match": etag } : ({} as Record<string, string>) };
    const request = name === "products" ? api.products.$get({ query: {} }, init) : api.categories.$get(undefined, init);
    let rows: (Product | Category)[] | undefined;
    let response: Awaited<typeof request>;
    try {
      response = await request.catch((cause: unknown) => {
        throw new NetworkError("No answer from the server.", { cause });
      });
      // The route's types list only its 200; a conditional request may get a 304.
      if ((response.status as number) !== 304) rows = await readJson(response as ResponseLike<typeof rows>);
    } catch (error) {
      const unreachable = error instanceof NetworkError;
      // A failure is told as the screens' error only while there is no list to show.
      if (name === "products" && !list) tell({ unreachable, error: errorMessage(error, m.products_load_failed()) });
      else if (unreachable) tell({ unreachable });
      return;
    }
    const db = await storage;
    const checkedAt = now();
    if (!rows) {
      confirmed ||= name === "products";
      tell(name === "products" ? { unreachable: false, checkedAt } : { unreachable: false });
      return db?.confirm(name, checkedAt).catch(() => {});
    }
    const record = { list: name, etag: response.headers.get("ETag") ?? undefined, checkedAt };
    etags.set(name, record.etag);
    if (name === "categories") {
      tell({ categories: setCategories(rows as Category[]), unreachable: false });
      return db?.store({ list: name, rows: rows as Category[] }, record).catch(() => {});
    }
    const products = (rows as Product[]).map((product) => ({ ...product, searchText: searchTextOf(product) }));
    setProducts(products);
    confirmed = true;
    // The service worker keeps the shop's own first pictures and other https hosts' (ADR 0025).
    const pictures = products.flatMap((product) => product.images[0] ?? []);
    const kept = pictures.filter((url) => url.startsWith("/images/") || url.startsWith("https://"));
    tell({ version: status.version + 1, checkedAt, unreachable: false, error: undefined }, [...new Set(kept)]);
    return db?.store({ list: name, rows: products }, record).catch(() => {});
  }

  async function findProduct(id: number): Promise<ProductAnswer> {
    await read;
    const product = list?.products.find((candidate) => candidate.id === id);
    if (product) return { status: "found", product };
    const deletedHere = pending.some(({ change }) => change.kind === "product.delete" && change.id === id);
    if (confirmed || deletedHere) return { status: "missing" };
    // Newer than the device's copy, or an address typed by hand: asked for alone.
    try {
      return { status: "found", product: await readJson(api.products[":id"].$get({ param: { id: String(id) } })) };
    } catch (error) {
      if (error instanceof ApiResponseError && error.status === 404) return { status: "missing" };
      if (!(error instanceof NetworkError))
        return { status: "error", message: errorMessage(error, m.product_load_failed()) };
      tell({ unreachable: true });
      return { status: "offline" };
    }
  }

  // One round at a time; asked during a round, one more runs after it (the change may be newer).
  let round: Promise<void> | undefined;
  let again = false;
  return {
    async watch(watcher) {
      await read;
      listener = watcher;
      tell({});
    },
    async list(question) {
      await read;
      if (list)
        return {
          version: status.version,
          // The category names rank a search's matches (name, category, descriptions).
          answer: findProducts(list.products, list.texts, question, shownCategories()),
        };
      const { categoryId, temperament } = question;
      if ((categoryId === undefined && temperament === undefined) || question.query.trim())
        return { version: 0, answer: undefined };
      // Before any list is known, a category's or a temperament's products alone (docs/product.md §4), for a link to it.
      const key = `${categoryId ?? "all"}|${temperament ?? "all"}`;
      const query = {
        ...(categoryId === undefined ? {} : { category_id: String(categoryId) }),
        ...(temperament === undefined ? {} : { temperament }),
      };
      if (!alone.has(key)) alone.set(key, readJson(api.products.$get({ query })));
      const products = await alone.get(key)?.catch(() => void alone.delete(key));
      return { version: 0, answer: products ? findProducts(products, [], question) : undefined };
    },
    product: async (id) => ({ answer: await findProduct(id), version: status.version }),
    revalidate() {
      if (round) again = true;
      round ??= (async () => {
        await read;
        do {
          again = false;
          await Promise.all([sync("products"), sync("categories")]);
        } while (again);
      })().finally(() => {
        round = undefined;
      });
      return round;
    },
  };
}
