import { describe, expect, it } from "vitest";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { newEntry, type OutboxEntry } from "../../lib/admin-outbox.ts";
import type { CatalogueStorage, ListSync, StoredList } from "./catalogue-db.ts";
import { type CatalogueStatus, createDeviceCatalogue } from "./device-catalogue.ts";
import { type ListQuery, searchTextOf } from "./product-search.ts";

const product = (id: number, name: string, categoryId: number, picture = `/images/products/${id}.svg`): Product => ({
  id,
  name,
  short_description: "",
  description: "",
  long_description: "<p>Anadolu</p>",
  name_en: "",
  short_description_en: "",
  description_en: "",
  long_description_en: "",
  category_id: categoryId,
  images: [picture],
  etsy_link: `https://www.etsy.com/listing/${id}`,
  temperaments: [],
  sort_order: id,
  version: 1,
  created_at: "2026-11-01T00:00:00Z",
  updated_at: "2026-11-01T00:00:00Z",
});
const category = (id: number, name: string): Category => ({
  id,
  name,
  description: "",
  name_en: "",
  description_en: "",
  version: 1,
  created_at: "2026-11-01T00:00:00Z",
});

const teas = [product(1, "Ihlamur Çayı", 1), product(2, "Isırgan Otu Çayı", 1), product(3, "Lavanta Yağı", 2)];
const categories = [category(1, "Çaylar"), category(2, "Yağlar")];
const stored = (products: Product[]): StoredList => ({
  list: "products",
  rows: products.map((p) => ({ ...p, searchText: searchTextOf(p) })),
});

/** The device's copy in memory, as catalogue-db.ts keeps it in IndexedDB. */
function memoryStorage(lists: StoredList[] = [], sync: ListSync[] = []) {
  const copy = { lists: new Map(lists.map((list) => [list.list, list])), sync: new Map(sync.map((s) => [s.list, s])) };
  const storage: CatalogueStorage = {
    read: async () => ({ lists: [...copy.lists.values()], sync: [...copy.sync.values()] }),
    store: async (list, record) => {
      copy.lists.set(list.list, list);
      copy.sync.set(record.list, record);
    },
    confirm: async (list, checkedAt) => {
      const record = copy.sync.get(list);
      if (record) copy.sync.set(list, { ...record, checkedAt });
    },
  };
  return { storage, copy };
}

type Reply = Response | "offline";
/** The API as the worker's fetch sees it: each path answered by `reply`, every request recorded. */
function fakeApi(reply: (path: string, ifNoneMatch: string | null) => Reply) {
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    requests.push(path);
    const answer = reply(path, new Headers(init?.headers).get("If-None-Match"));
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return answer;
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
const json = (body: unknown, etag?: string, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: etag ? { ETag: etag } : {} });
/** The server of this shop: its lists with their ETags, 304 to a matching If-None-Match. */
const shopServer = (products: Product[], etag = '"p1"') =>
  fakeApi((path, ifNoneMatch) => {
    if (path === "/api/products")
      return ifNoneMatch === etag ? new Response(null, { status: 304 }) : json(products, etag);
    if (path === "/api/categories") return json(categories, '"c1"');
    const one = products.find((p) => path === `/api/products/${p.id}`);
    return one ? json(one) : json({ code: "not_found", detail: "Product not found." }, undefined, 404);
  });

function start(storage: CatalogueStorage | undefined, api: ReturnType<typeof fakeApi>, now = () => 1_000) {
  const catalogue = createDeviceCatalogue({ storage: Promise.resolve(storage), fetch: api.fetch, now });
  const told: { status: CatalogueStatus; pictures: string[] }[] = [];
  const watching = catalogue.watch((status, pictures) => void told.push({ status, pictures }));
  return { catalogue, told, watching };
}
const all: ListQuery = { categoryId: undefined, temperament: undefined, query: "", limit: 12 };

describe("the catalogue worker's answers", () => {
  it("answers from the device's copy before the server is asked, searching the Turkish way", async () => {
    const { storage } = memoryStorage(
      [stored(teas), { list: "categories", rows: categories }],
      [{ list: "products", etag: '"p1"', checkedAt: 500 }],
    );
    const api = shopServer(teas);
    const { catalogue, told, watching } = start(storage, api);
    await watching;
    expect(told).toEqual([
      {
        status: { version: 1, categories, checkedAt: 500, unreachable: false },
        pictures: [],
      },
    ]);
    expect(await catalogue.list({ ...all, query: "cay", limit: 1 })).toEqual({
      version: 1,
      answer: { products: [teas[0]], total: 2 },
    });
    expect(await catalogue.list({ ...all, categoryId: 2 })).toEqual({
      version: 1,
      answer: { products: [teas[2]], total: 1 },
    });
    expect(api.requests).toEqual([]);
  });

  it("ranks a search by the category names it holds, and folds again a search text an older build stored", async () => {
    const oils = [product(1, "Lavanta Yağı", 2), product(2, "Ihlamur Çayı", 1), product(3, "Adaçayı Yağı", 2)];
    // One line, as the build before issue 38 stored it: matched as it is, it would find no name.
    const older: StoredList = {
      list: "products",
      rows: oils.map((p) => ({ ...p, searchText: `${p.name.toLocaleLowerCase("tr")} anadolu` })),
    };
    const { catalogue } = start(
      memoryStorage([older, { list: "categories", rows: categories }]).storage,
      shopServer(oils),
    );
    const names = async (query: string) =>
      (await catalogue.list({ ...all, query })).answer?.products.map((p) => p.name);
    // "Çaylar" is product 2's category, "Adaçayı" one word: the name's match, nothing else.
    expect(await names("cay")).toEqual(["Ihlamur Çayı"]);
    // "Yağlar" is the category of 1 and 3, whose names say it too; "Ihlamur" is named by its own.
    expect(await names("yag")).toEqual(["Lavanta Yağı", "Adaçayı Yağı"]);
    expect(await names("yaglar")).toEqual(["Lavanta Yağı", "Adaçayı Yağı"]);
    expect(await names("ihlamur")).toEqual(["Ihlamur Çayı"]);
  });

  it("filters its copy by temperament, alone and with a category: a product with none is not listed", async () => {
    const tagged = [
      { ...teas[0], temperaments: ["choleric", "sanguine"] },
      { ...teas[1], temperaments: ["melancholic"] },
      { ...teas[2], temperaments: ["melancholic", "phlegmatic"] },
      product(4, "Zeytinyağlı Sabun", 2),
    ] as Product[];
    const api = shopServer(tagged);
    const { catalogue } = start(memoryStorage([stored(tagged)]).storage, api);
    const ids = async (question: ListQuery) => (await catalogue.list(question)).answer?.products.map((p) => p.id);
    expect(await ids({ ...all, temperament: "melancholic" })).toEqual([2, 3]);
    expect(await ids({ ...all, temperament: "melancholic", categoryId: 2 })).toEqual([3]);
    expect(await ids({ ...all, temperament: "sanguine", query: "ıhlamur" })).toEqual([1]);
    expect(await catalogue.list({ ...all, temperament: "choleric", categoryId: 2 })).toEqual({
      version: 1,
      answer: { products: [], total: 0 },
    });
    expect(api.requests).toEqual([]);
  });

  it("keeps its copy on a 304 and notes the time; a product the confirmed list lacks is missing", async () => {
    const { storage, copy } = memoryStorage([stored(teas)], [{ list: "products", etag: '"p1"', checkedAt: 500 }]);
    const api = shopServer(teas);
    const { catalogue, told } = start(storage, api, () => 2_000);
    await catalogue.revalidate();
    expect(copy.sync.get("products")).toEqual({ list: "products", etag: '"p1"', checkedAt: 2_000 });
    expect(told.at(-1)?.status).toMatchObject({ version: 1, checkedAt: 2_000, unreachable: false });
    expect(await catalogue.product(99)).toEqual({ version: 1, answer: { status: "missing" } });
    expect(api.requests.filter((path) => path.startsWith("/api/products/"))).toEqual([]);
  });

  it("stores the server's new list with its search texts and ETag, and says which pictures to keep", async () => {
    const { storage, copy } = memoryStorage(
      [stored(teas.slice(0, 1))],
      [{ list: "products", etag: '"old"', checkedAt: 1 }],
    );
    const newer = [
      ...teas,
      product(4, "Propolis", 2, "https://pictures.example/4.jpg"),
      product(5, "Bal", 2, "http://x/5.jpg"),
    ];
    const { catalogue, told } = start(storage, shopServer(newer), () => 3_000);
    await catalogue.revalidate();
    expect(copy.lists.get("products")).toEqual(stored(newer));
    expect(copy.sync.get("products")).toEqual({ list: "products", etag: '"p1"', checkedAt: 3_000 });
    expect(copy.lists.get("categories")).toEqual({ list: "categories", rows: categories });
    const changed = told.find((notice) => notice.status.version === 2);
    expect(changed?.pictures).toEqual([...teas.map((p) => p.images[0]), "https://pictures.example/4.jpg"]);
    expect((await catalogue.list(all)).answer?.total).toBe(5);
  });

  it("offline with nothing stored: says why, answers no list, and a product is unavailable rather than missing", async () => {
    const api = fakeApi(() => "offline");
    const { catalogue, told } = start(undefined, api);
    await catalogue.revalidate();
    expect(told.at(-1)?.status).toEqual({
      version: 0,
      unreachable: true,
      error: "We could not reach the server. Check your connection and try again.",
    });
    expect(await catalogue.list({ ...all, query: "cay" })).toEqual({ version: 0, answer: undefined });
    expect(await catalogue.product(1)).toEqual({ version: 0, answer: { status: "offline" } });
  });

  it("a server's error is told in its own words; the copy it had stays", async () => {
    const failing = fakeApi(() => json({ code: "internal", detail: "The shop is resting." }, undefined, 500));
    const { catalogue, told } = start(undefined, failing);
    await catalogue.revalidate();
    expect(told.at(-1)?.status.error).toBe("The shop is resting.");

    const { storage } = memoryStorage([stored(teas)]);
    const withCopy = start(storage, failing);
    await withCopy.catalogue.revalidate();
    expect(withCopy.told.at(-1)?.status.version).toBe(1);
    expect(withCopy.told.at(-1)?.status.error).toBeUndefined();
  });

  it("before it has a list, fetches a product or a category alone, once", async () => {
    const api = shopServer(teas);
    const { catalogue } = start(undefined, api);
    expect(await catalogue.product(2)).toEqual({ version: 0, answer: { status: "found", product: teas[1] } });
    expect(await catalogue.product(42)).toEqual({ version: 0, answer: { status: "missing" } });
    api.requests.length = 0;
    const category1 = fakeApi((path) => (path === "/api/products?category_id=1" ? json(teas.slice(0, 2)) : "offline"));
    const alone = start(undefined, category1).catalogue;
    expect(await alone.list({ ...all, categoryId: 1, limit: 1 })).toEqual({
      version: 0,
      answer: { products: [teas[0]], total: 2 },
    });
    await alone.list({ ...all, categoryId: 1, limit: 12 });
    expect(category1.requests).toEqual(["/api/products?category_id=1"]);
    // A search needs every product: nothing to answer from yet.
    expect(await alone.list({ ...all, categoryId: 1, query: "cay" })).toEqual({ version: 0, answer: undefined });
  });

  it("before it has a list, fetches a temperament's products alone, and with a category, each once", async () => {
    const melancholic = [
      { ...teas[1], temperaments: ["melancholic"] },
      { ...teas[2], temperaments: ["melancholic"] },
    ];
    const api = fakeApi((path) => {
      if (path === "/api/products?temperament=melancholic") return json(melancholic);
      if (path === "/api/products?category_id=2&temperament=melancholic") return json(melancholic.slice(1));
      return "offline";
    });
    const { catalogue } = start(undefined, api);
    expect(await catalogue.list({ ...all, temperament: "melancholic", limit: 1 })).toEqual({
      version: 0,
      answer: { products: [melancholic[0]], total: 2 },
    });
    await catalogue.list({ ...all, temperament: "melancholic" });
    expect(await catalogue.list({ ...all, temperament: "melancholic", categoryId: 2 })).toEqual({
      version: 0,
      answer: { products: [melancholic[1]], total: 1 },
    });
    expect(api.requests).toEqual([
      "/api/products?temperament=melancholic",
      "/api/products?category_id=2&temperament=melancholic",
    ]);
    // Offline: no answer, and asked again next time.
    expect(await catalogue.list({ ...all, temperament: "phlegmatic" })).toEqual({ version: 0, answer: undefined });
    await catalogue.list({ ...all, temperament: "phlegmatic" });
    expect(api.requests.filter((path) => path.includes("phlegmatic"))).toHaveLength(2);
  });

  it("runs one round at a time, and one more when asked after a round's requests went out", async () => {
    const api = shopServer(teas);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      await held;
      return api.fetch(input, init);
    };
    const catalogue = createDeviceCatalogue({ storage: Promise.resolve(undefined), fetch, now: () => 1 });
    const first = catalogue.revalidate();
    const during = [catalogue.revalidate(), catalogue.revalidate()];
    expect(during[0]).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const afterRequests = catalogue.revalidate();
    release();
    await Promise.all([first, ...during, afterRequests]);
    expect(api.requests.filter((path) => path === "/api/products")).toHaveLength(2);
    await catalogue.revalidate();
    expect(api.requests.filter((path) => path === "/api/products")).toHaveLength(3);
  });

  it("on the admin's device, shows their waiting changes over the server's lists, and drops them once sent", async () => {
    const { storage } = memoryStorage([stored(teas), { list: "categories", rows: categories }]);
    let tellOutbox: (entries: OutboxEntry[]) => void = () => {};
    const catalogue = createDeviceCatalogue({
      storage: Promise.resolve(storage),
      fetch: shopServer(teas).fetch,
      now: () => 1,
      watchOutbox: (listener) => {
        tellOutbox = listener;
      },
    });
    const told: CatalogueStatus[] = [];
    await catalogue.watch((status) => void told.push(status));
    const entry = (change: OutboxEntry["change"]) => newEntry(change, "admin", "k", 0);
    const input = {
      name: "Kekik Yağı",
      short_description: "",
      category_id: -1,
      etsy_link: "https://www.etsy.com/listing/9",
    };
    tellOutbox([
      entry({ kind: "category.create", tempId: -1, input: { name: "Yağlar 2" } }),
      entry({ kind: "product.create", tempId: -2, input }),
      entry({ kind: "product.delete", id: 2, baseVersion: 1, name: "Isırgan Otu Çayı" }),
    ]);
    const search = await catalogue.list({ ...all, query: "kekik" });
    expect(search.answer?.products.map((p) => [p.id, p.name, p.category_id])).toEqual([[-2, "Kekik Yağı", -1]]);
    expect((await catalogue.list(all)).answer?.products.map((p) => p.id)).toEqual([-2, 1, 3]);
    expect((await catalogue.product(2)).answer).toEqual({ status: "missing" });
    expect(told.at(-1)?.categories?.map((c) => c.name)).toEqual(["Çaylar", "Yağlar", "Yağlar 2"]);
    expect(told.at(-1)?.version).toBeGreaterThan(told[0]?.version ?? 0);

    tellOutbox([]);
    expect((await catalogue.list(all)).answer?.products.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(told.at(-1)?.categories).toEqual(categories);
  });
});
