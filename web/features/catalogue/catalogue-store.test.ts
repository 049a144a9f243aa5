import { describe, expect, it } from "vitest";
import type { Product } from "../../../worker/contract/catalogue.ts";
import { featuredProductCount, productsPageSize } from "../../../worker/contract/initial-data.ts";
import { NetworkError } from "../../lib/api-client.ts";
import type { EmbeddedData } from "../../lib/initial-data.ts";
import { CatalogueStore, listKey, productKey } from "./catalogue-store.ts";
import type { Answer, CatalogueStatus, CatalogueWorkerApi, ProductAnswer } from "./device-catalogue.ts";
import type { ListAnswer, ListQuery } from "./product-search.ts";

const product = (id: number, name = `Product ${id}`) => ({ id, name, category_id: 1 }) as Product;
const all: ListQuery = { categoryId: undefined, temperament: undefined, query: "", limit: productsPageSize };
const status = (change: Partial<CatalogueStatus>): CatalogueStatus => ({
  version: 1,
  categories: undefined,
  checkedAt: undefined,
  unreachable: false,
  error: undefined,
  ...change,
});

/**
 * A catalogue worker the test answers by hand: each call waits in `calls` until the test
 * resolves it, and `push` sends the "changed" notice.
 */
function fakeWorker() {
  type Call = { kind: string; arg: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
  const calls: Call[] = [];
  let listener: ((status: CatalogueStatus, pictures: string[]) => void) | undefined;
  /** Set: every call fails at once, as with a worker whose script was refused. */
  let refused: Error | undefined;
  let made = 0;
  const call = <T>(kind: string, arg?: unknown) =>
    new Promise<T>((resolve, reject) => {
      made += 1;
      if (refused) reject(refused);
      else calls.push({ kind, arg, resolve: resolve as (value: unknown) => void, reject });
    });
  const worker: CatalogueWorkerApi = {
    watch: async (watcher) => {
      if (refused) throw refused;
      listener = watcher;
    },
    list: (question) => call<Answer<ListAnswer<Product>>>("list", question),
    product: (id) => call<Answer<ProductAnswer>>("product", id),
    revalidate: () => call<void>("revalidate"),
  };
  const answer = async (kind: string, value: unknown) => {
    const index = calls.findIndex((c) => c.kind === kind);
    const [pending] = calls.splice(index, 1);
    pending?.resolve(value);
    await settle();
  };
  const push = async (notice: CatalogueStatus, pictures: string[] = []) => {
    listener?.(notice, pictures);
    await settle();
  };
  const refuse = (error: Error) => {
    refused = error;
  };
  return {
    worker,
    calls,
    answer,
    push,
    refuse,
    made: () => made,
    asked: (kind: string) => calls.filter((c) => c.kind === kind).length,
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function makeStore(embedded?: EmbeddedData, now = () => 0) {
  const fake = fakeWorker();
  const kept: string[][] = [];
  const store = new CatalogueStore({ worker: fake.worker, now, keepPictures: (urls) => kept.push(urls) }, embedded);
  return { store, fake, kept, state: () => store.getSnapshot() };
}

describe("the catalogue store", () => {
  it("asks a question once, caches its answer, and the page's own data is one more answer", async () => {
    const first = [product(1), product(2)];
    const featured = [product(1)];
    const { store, fake, state } = makeStore({
      pathname: "/products",
      data: { productList: { category_id: null, products: first, total: 20 }, featured },
    });
    // The page's data: current until the worker has a list, so nothing is asked.
    await store.askList(all);
    expect(fake.asked("list")).toBe(0);
    expect(state().answers.get(listKey(all))).toEqual({ version: 0, answer: { products: first, total: 20 } });
    expect(state().answers.get(listKey({ ...all, limit: featuredProductCount }))?.answer).toEqual({
      products: featured,
      total: 1,
    });

    const search = { ...all, query: "çay " };
    const answered = store.askList(search);
    void store.askList({ ...search, query: "çay" });
    expect(fake.asked("list")).toBe(1);
    await fake.answer("list", { version: 1, answer: { products: [product(7)], total: 1 } });
    await answered;
    expect(state().version).toBe(1);
    expect(state().answers.get(listKey(search))).toEqual({ version: 1, answer: { products: [product(7)], total: 1 } });
    await store.askList(search);
    expect(fake.asked("list")).toBe(0);
    // The page's answer is older than the worker's list now: asked again when a screen shows it.
    void store.askList(all);
    expect(fake.asked("list")).toBe(1);
  });

  it("a temperament is part of the question: its answer is kept apart from the unfiltered list's", async () => {
    const { store, fake, state } = makeStore({
      pathname: "/products",
      data: { productList: { category_id: null, products: [product(1), product(2)], total: 2 } },
    });
    const melancholic = { ...all, temperament: "melancholic" } as const;
    expect(listKey(melancholic)).not.toBe(listKey(all));
    expect(listKey({ ...melancholic, categoryId: 1 })).not.toBe(listKey({ ...all, categoryId: 1 }));
    // The page's unfiltered first page does not answer the filtered question.
    const answered = store.askList(melancholic);
    expect(fake.asked("list")).toBe(1);
    expect(fake.calls[0]?.arg).toEqual(melancholic);
    await fake.answer("list", { version: 0, answer: { products: [product(2)], total: 1 } });
    await answered;
    expect(state().answers.get(listKey(melancholic))?.answer).toEqual({ products: [product(2)], total: 1 });
    expect(state().answers.get(listKey(all))?.answer).toEqual({ products: [product(1), product(2)], total: 2 });
  });

  it("a list that changes under a screen: the older answer stays until the new one, asked once", async () => {
    const { store, fake, state } = makeStore();
    store.start();
    await fake.push(status({ version: 1 }));
    void store.askList(all);
    await fake.answer("list", { version: 1, answer: { products: [product(1)], total: 1 } });

    await fake.push(status({ version: 2 }));
    expect(state().answers.get(listKey(all))?.version).toBe(1);
    void store.askList(all);
    void store.askList(all);
    expect(fake.asked("list")).toBe(1);
    // Answered from the list before the change, though the notice came first: asked again.
    await fake.push(status({ version: 3 }));
    await fake.answer("list", { version: 2, answer: { products: [product(1)], total: 1 } });
    expect(fake.asked("list")).toBe(1);
    await fake.answer("list", { version: 3, answer: { products: [product(1), product(2)], total: 2 } });
    expect(state().answers.get(listKey(all))).toEqual({
      version: 3,
      answer: { products: [product(1), product(2)], total: 2 },
    });
  });

  it("a product missing from the device, then present once the list changes", async () => {
    const { store, fake, state } = makeStore({ pathname: "/products/5", data: { product: null } });
    expect(state().answers.get(productKey(5))?.answer).toEqual({ status: "missing" });
    store.start();
    await fake.push(status({ version: 1 }));
    void store.askProduct(5);
    await fake.answer("product", { version: 1, answer: { status: "offline" } });
    expect(state().answers.get(productKey(5))?.answer).toEqual({ status: "offline" });

    // The network back: asked again (as the screen does once the answer is gone), and the server too.
    store.retry();
    expect(state().answers.has(productKey(5))).toBe(false);
    expect(fake.asked("revalidate")).toBe(2);
    await fake.push(status({ version: 2 }));
    void store.askProduct(5);
    await fake.answer("product", { version: 2, answer: { status: "found", product: product(5) } });
    expect(state().answers.get(productKey(5))?.answer).toEqual({ status: "found", product: product(5) });
  });

  it("the device offline: the worker's words, the freshness of its copy, and pictures handed on", async () => {
    let now = 0;
    const { store, fake, state, kept } = makeStore(undefined, () => now);
    store.start();
    const offline = "We could not reach the server. Check your connection and try again.";
    await fake.push(status({ version: 0, unreachable: true, error: offline }));
    expect(state()).toMatchObject({ unreachable: true, error: offline, version: 0 });
    void store.askList(all);
    await fake.answer("list", { version: 0, answer: undefined });
    // Nothing to show and nothing to ask until the worker has a list.
    await store.askList(all);
    expect(fake.asked("list")).toBe(0);

    await fake.push(status({ version: 1, checkedAt: 1_000, categories: [] }), ["/images/a.svg"]);
    expect(state()).toMatchObject({ unreachable: false, error: undefined, version: 1, checkedAt: 1_000 });
    expect(kept).toEqual([["/images/a.svg"]]);

    // Back to the foreground: the server is asked only once the copy is five minutes old.
    fake.calls.length = 0;
    now = 1_000 + 4 * 60_000;
    store.revalidateIfOlder(5 * 60_000);
    expect(fake.asked("revalidate")).toBe(0);
    now = 1_000 + 5 * 60_000;
    store.revalidateIfOlder(5 * 60_000);
    expect(fake.asked("revalidate")).toBe(1);
  });

  it("the worker's categories equal to the page's: the page keeps its array, and the header is not drawn again", async () => {
    const categories = [{ id: 1, name: "Bitki Çayları" }] as CatalogueStatus["categories"];
    const { store, fake, state } = makeStore({ pathname: "/products", data: { categories } });
    store.start();
    // A first visit: every notice of the worker carries its copy of the server's categories.
    await fake.push(status({ version: 1, categories: structuredClone(categories), checkedAt: 5 }));
    expect(state().categories).toBe(categories);
    expect(state().checkedAt).toBe(5);
    // A category renamed: the new array replaces the old.
    const renamed = [{ id: 1, name: "Çaylar" }] as CatalogueStatus["categories"];
    await fake.push(status({ version: 2, categories: renamed }));
    expect(state().categories).toBe(renamed);
  });

  it("the worker's script refused: the page keeps its own data and says the server cannot be reached", async () => {
    const first = [product(1)];
    const { store, fake, state } = makeStore({
      pathname: "/products",
      data: { productList: { category_id: null, products: first, total: 1 } },
    });
    fake.refuse(new NetworkError("The catalogue worker did not start."));
    store.start();
    await store.askList({ ...all, query: "lavanta" });
    await store.askProduct(3);
    await settle();
    // Each asked once: a refusal is not asked again and again.
    expect(fake.made()).toBe(3);
    expect(state()).toMatchObject({
      unreachable: true,
      error: "We could not reach the server. Check your connection and try again.",
    });
    expect(state().answers.get(listKey(all))?.answer).toEqual({ products: first, total: 1 });
    expect(state().answers.get(productKey(3))?.answer).toEqual({ status: "offline" });

    // Retry forgets the failures and asks again.
    const failures: (string | undefined)[] = [];
    store.subscribe(() => failures.push(state().error));
    store.retry();
    expect(state().answers.has(productKey(3))).toBe(false);
    await settle();
    expect(fake.made()).toBe(4);
    expect([failures[0], failures.at(-1)]).toEqual([undefined, state().error]);
    expect(state().error).toBe("We could not reach the server. Check your connection and try again.");
  });
});
