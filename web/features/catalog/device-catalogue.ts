import { hc } from "hono/client";
import type { AppType } from "../../../worker/app.ts";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { ApiResponseError, errorMessage, NetworkError, type ResponseLike, readJson } from "../../lib/api-client.ts";
import type { CatalogueStorage, ListName, StoredProduct } from "./catalogue-db.ts";
import { findProducts, type ListAnswer, type ListQuery, searchTextOf } from "./product-search.ts";

/** What the catalogue worker says of its catalogue, pushed to the page after every change. */
export type CatalogueStatus = {
  /** The product list's version, 0 while none is known: an answer of an older version is out of date. */
  version: number;
  categories: Category[] | undefined;
  /** When the server last sent or confirmed the product list (ms since the epoch). */
  checkedAt: number | undefined;
  /** The last request to the server got no answer. */
  unreachable: boolean;
  /** Why no product list is known, in the words a screen shows. */
  error: string | undefined;
};

/** An answer and the version of the list it was taken from; undefined while no list is known. */
export type Answer<T> = { version: number; answer: T | undefined };
export type ProductAnswer =
  | { status: "found"; product: Product }
  | { status: "missing" }
  | { status: "offline" }
  | { status: "error"; message: string };

/** The catalogue worker's calls (ADR 0039): the page's questions, and the one pushed notice. */
export type CatalogueWorkerApi = {
  /** Tells `listener` the status now (once the device's copy is read) and after every change. */
  watch(listener: (status: CatalogueStatus, picturesToKeep: string[]) => void): Promise<void>;
  list(question: ListQuery): Promise<Answer<ListAnswer<Product>>>;
  product(id: number): Promise<Answer<ProductAnswer>>;
  /** Asks the server whether the lists changed; resolves when no round is left to run. */
  revalidate(): Promise<void>;
};

type Deps = { storage: Promise<CatalogueStorage | undefined>; fetch: typeof fetch; now: () => number };

/**
 * The catalogue's background half (ADR 0021, 0024, 0039), run in a Web Worker by
 * catalogue-worker.ts: it reads the device's copy at once, revalidates it with the API's ETags,
 * stores what changed, and answers the screens' questions from the product list and each
 * product's folded search text, so a thousand products never cross to the page.
 */
export function createDeviceCatalogue({ storage, fetch, now }: Deps): CatalogueWorkerApi {
  const api = hc<AppType>("/api", { fetch });
  let list: { products: Product[]; texts: string[] } | undefined;
  /** The server sent or confirmed the product list in this page's life: a product not in it is gone. */
  let confirmed = false;
  const etags = new Map<ListName, string>();
  const alone = new Map<number, Promise<Product[]>>();
  const listeners: ((status: CatalogueStatus, picturesToKeep: string[]) => void)[] = [];
  let status: CatalogueStatus = {
    version: 0,
    categories: undefined,
    checkedAt: undefined,
    unreachable: false,
    error: undefined,
  };
  const tell = (change: Partial<CatalogueStatus>, picturesToKeep: string[] = []) => {
    status = { ...status, ...change };
    for (const listener of listeners) void listener(status, picturesToKeep);
  };

  const read = storage.then(async (db) => {
    const { lists = [], sync = [] } = (await db?.read().catch(() => undefined)) ?? {};
    for (const { list, etag } of sync) if (etag) etags.set(list, etag);
    const rows = new Map(lists.map((stored) => [stored.list, stored.rows]));
    const products = (rows.get("products") ?? []) as StoredProduct[];
    if (products.length > 0) setProducts(products);
    status = {
      ...status,
      version: list ? 1 : 0,
      categories: rows.get("categories") as Category[] | undefined,
      checkedAt: sync.find((record) => record.list === "products")?.checkedAt,
    };
  });

  function setProducts(rows: StoredProduct[]): void {
    list = { products: rows.map(({ searchText: _, ...product }) => product), texts: rows.map((row) => row.searchText) };
    alone.clear();
  }

  /** The server's list, or undefined when it answered 304 to the stored ETag; throws without an answer. */
  async function fetchList(
    name: ListName,
  ): Promise<{ rows: Product[] | Category[]; etag: string | undefined } | undefined> {
    const etag = etags.get(name);
    // A conditional request made by code bypasses the HTTP cache: the 304 reaches here, and the
    // stored copy is neither parsed nor written again.
    const init = { headers: etag ? { "If-None-Match": etag } : ({} as Record<string, string>) };
    const request = name === "products" ? api.products.$get({ query: {} }, init) : api.categories.$get(undefined, init);
    const response = await request.catch((cause: unknown) => {
      throw new NetworkError("No answer from the server.", { cause });
    });
    // The route's types list only its 200; a conditional request may get a 304.
    if ((response.status as number) === 304) return undefined;
    const rows = await readJson(response as ResponseLike<Product[] | Category[]>);
    return { rows, etag: response.headers.get("ETag") ?? undefined };
  }

  async function sync(name: ListName): Promise<void> {
    let fresh: Awaited<ReturnType<typeof fetchList>>;
    try {
      fresh = await fetchList(name);
    } catch (error) {
      const unreachable = error instanceof NetworkError;
      if (name === "products")
        tell({ unreachable, error: list ? undefined : errorMessage(error, "Failed to load products.") });
      else if (unreachable) tell({ unreachable });
      return;
    }
    const db = await storage;
    const checkedAt = now();
    if (!fresh) {
      confirmed ||= name === "products";
      tell(name === "products" ? { unreachable: false, checkedAt } : { unreachable: false });
      await db?.confirm(name, checkedAt).catch(() => {});
      return;
    }
    if (fresh.etag) etags.set(name, fresh.etag);
    else etags.delete(name);
    const record = { list: name, etag: fresh.etag, checkedAt };
    if (name === "categories") {
      const rows = fresh.rows as Category[];
      tell({ categories: rows, unreachable: false });
      await db?.store({ list: name, rows }, record).catch(() => {});
      return;
    }
    const rows = (fresh.rows as Product[]).map((product) => ({ ...product, searchText: searchTextOf(product) }));
    setProducts(rows);
    confirmed = true;
    // The service worker keeps the shop's own first pictures and other https hosts' (ADR 0025).
    const pictures = rows.flatMap((product) => product.images[0] ?? []);
    const kept = pictures.filter((url) => url.startsWith("/images/") || url.startsWith("https://"));
    tell({ version: status.version + 1, checkedAt, unreachable: false, error: undefined }, [...new Set(kept)]);
    await db?.store({ list: name, rows }, record).catch(() => {});
  }

  /** Before any list is known, a category's products alone (SPEC §4), for a link to it. */
  function categoryAlone(id: number): Promise<Product[]> {
    let request = alone.get(id);
    if (!request) {
      request = readJson(api.products.$get({ query: { category_id: String(id) } }));
      request.catch(() => alone.delete(id));
      alone.set(id, request);
    }
    return request;
  }

  async function findProduct(id: number): Promise<ProductAnswer> {
    const product = list?.products.find((candidate) => candidate.id === id);
    if (product) return { status: "found", product };
    if (confirmed) return { status: "missing" };
    // Newer than the device's copy, or an address typed by hand: asked for alone.
    try {
      return { status: "found", product: await readJson(api.products[":id"].$get({ param: { id: String(id) } })) };
    } catch (error) {
      if (error instanceof ApiResponseError && error.status === 404) return { status: "missing" };
      if (!(error instanceof NetworkError))
        return { status: "error", message: errorMessage(error, "Failed to load product.") };
      tell({ unreachable: true });
      return { status: "offline" };
    }
  }

  // One round at a time; asked during a round, one more runs after it (the change may be newer).
  let round: Promise<void> | undefined;
  let again = false;

  return {
    async watch(listener) {
      await read;
      listeners.push(listener);
      void listener(status, []);
    },
    async list(question) {
      await read;
      if (list) return { version: status.version, answer: findProducts(list.products, list.texts, question) };
      if (question.categoryId === undefined || question.query.trim() !== "") return { version: 0, answer: undefined };
      const products = await categoryAlone(question.categoryId).catch(() => undefined);
      return { version: 0, answer: products && findProducts(products, [], question) };
    },
    async product(id) {
      await read;
      const answer = await findProduct(id);
      return { version: status.version, answer };
    },
    revalidate() {
      if (round) {
        again = true;
        return round;
      }
      round = (async () => {
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
