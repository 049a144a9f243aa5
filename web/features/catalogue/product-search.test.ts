import { describe, expect, it } from "vitest";
import { seedCategories, seedProducts } from "../../../drizzle/seed/catalogue.ts";
import { findProducts, foldForSearch, isCurrentSearchText, queryMatcher, searchTextOf } from "./product-search.ts";

const product = (name: string, extra: Partial<Parameters<typeof searchTextOf>[0]> = {}) =>
  searchTextOf({ name, short_description: "", description: "", long_description: "", ...extra });

describe("Turkish-aware product search", () => {
  it.each([
    ["cay", "Ihlamur Çayı"],
    ["ÇAY", "ihlamur çayı"],
    ["ISIRGAN", "Isırgan Otu Çayı"],
    ["isirgan", "ISIRGAN OTU"],
    ["ısırgan", "Isirgan"],
    ["igde", "İğde Unu"],
    ["İĞDE", "iğde unu"],
    ["corek otu", "Çörek Otu Yağı"],
    ["sabun", "Zeytinyağlı Doğal Sabun"],
    ["  bal   polen ", "Bal ve Polen Karışımı"],
    ["SÜT", "Eşek Sütü Sabunu"],
    ["ari", "Arı Sütü"],
    ["ARI SÜTÜ", "arı sütü"],
    ["nin", "Arı'nın Sütü"],
  ])("%j finds %j", (query, name) => {
    expect(queryMatcher(query)(product(name))).toBe(true);
  });

  it.each([
    ["kekik", "Ihlamur Çayı"],
    ["cay yag", "Ihlamur Çayı"],
    // Issue 38: a word's start, not its middle.
    ["arı", "Bal ve Polen Karışımı"],
    ["ari", "Ihlamur yaprakları"],
    ["amur", "Ihlamur Çayı"],
  ])("%j does not find %j", (query, name) => {
    expect(queryMatcher(query)(product(name))).toBe(false);
  });

  it("searches the descriptions too, but not the HTML tags of the long description", () => {
    const text = product("Ürün", {
      short_description: "Soğuk sıkım",
      long_description: "<p>Günde <strong>bir</strong> kaşık</p>",
    });
    expect(queryMatcher("soguk")(text)).toBe(true);
    expect(queryMatcher("gunde bir kasik")(text)).toBe(true);
    expect(queryMatcher("strong")(text)).toBe(false);
  });

  it("matches everything for an empty query", () => {
    expect(queryMatcher("   ")(product("Her şey"))).toBe(true);
  });

  it("folds dotted and dotless i the Turkish way", () => {
    expect(foldForSearch("İSTANBUL ılık Iğdır")).toBe("istanbul ilik igdir");
  });

  it("tells a text an older build stored (one line) from a current one", () => {
    expect(isCurrentSearchText(product("Ihlamur Çayı"))).toBe(true);
    expect(isCurrentSearchText("ihlamur cayi elle toplanmis")).toBe(false);
    expect(isCurrentSearchText(undefined)).toBe(false);
  });
});

describe("short searches over the seeded catalogue (issue 38)", () => {
  const products = seedProducts.map((p) => ({ ...p, temperaments: [] as string[] }));
  const texts = products.map(searchTextOf);
  const search = (query: string) =>
    findProducts(products, texts, { categoryId: undefined, temperament: undefined, query, limit: 50 }, seedCategories);
  const names = (query: string) => search(query).products.map((p) => p.name);
  const beeCategory = seedCategories.find((c) => c.name === "Arı Ürünleri")?.id;
  const bees = products.filter((p) => p.category_id === beeCategory).map((p) => p.name);

  it.each(["arı", "ari", "ARI", "Arı"])(
    "%j finds the bee products, the one named so first, not most of the shop",
    (query) => {
      expect(bees.length).toBeGreaterThan(1);
      expect(names(query)[0]).toBe("Arı Poleni");
      // The name's match, then the category's: "karışımı" and "yaprakları" no longer match.
      expect(names(query).toSorted()).toEqual(bees.toSorted());
    },
  );

  it("'bal' lists the honeys first, then the few whose texts name honey", () => {
    const found = names("bal");
    expect(found.slice(0, 2).toSorted()).toEqual(["Kestane Balı", "Süzme Çiçek Balı"]);
    expect(found.length).toBeLessThan(9);
    expect(found.every((name) => texts[products.findIndex((p) => p.name === name)]?.includes(" bal"))).toBe(true);
  });

  it("ranks name matches before category matches, and those before description matches, each in display order", () => {
    const found = search("cay").products;
    const rank = (p: (typeof products)[number]) =>
      foldForSearch(p.name)
        .split(" ")
        .some((w) => w.startsWith("cay"))
        ? 0
        : p.category_id === seedCategories.find((c) => c.name === "Bitki Çayları")?.id
          ? 1
          : 2;
    const ranks = found.map(rank);
    expect(ranks).toEqual(ranks.toSorted());
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    // Within a rank, the shop's own order.
    for (const r of [0, 1, 2]) {
      const ids = found.filter((p) => rank(p) === r).map((p) => products.indexOf(p));
      expect(ids).toEqual(ids.toSorted((a, b) => a - b));
    }
  });

  it("counts every match but returns the first `limit` by rank", () => {
    const all = search("cay");
    const page = findProducts(
      products,
      texts,
      { categoryId: undefined, temperament: undefined, query: "cay", limit: 2 },
      seedCategories,
    );
    expect(page.total).toBe(all.total);
    expect(page.products).toEqual(all.products.slice(0, 2));
  });
});

describe("a list screen's question over the whole list", () => {
  const products = [
    { id: 1, name: "Ihlamur Çayı", category_id: 1, temperaments: ["choleric", "sanguine"] },
    { id: 2, name: "Çörek Otu Yağı", category_id: 2, temperaments: ["melancholic", "phlegmatic"] },
    { id: 3, name: "Adaçayı", category_id: 1, temperaments: ["melancholic"] },
    { id: 4, name: "Zeytinyağlı Sabun", category_id: null, temperaments: [] },
    { id: 5, name: "Kuşburnu Çayı", category_id: 1, temperaments: [] },
  ];
  const any = { categoryId: undefined, temperament: undefined, query: "", limit: 12 } as const;
  const texts = products.map((p) => product(p.name));
  const ids = (answer: { products: { id: number }[] }) => answer.products.map((p) => p.id);

  it("gives the first `limit` products in display order and how many there are in all", () => {
    const answer = findProducts(products, texts, { ...any, limit: 2 });
    expect(ids(answer)).toEqual([1, 2]);
    expect(answer.total).toBe(5);
  });

  it("filters by category and by search together", () => {
    expect(findProducts(products, texts, { ...any, categoryId: 1 })).toMatchObject({ total: 3 });
    // "Adaçayı" is one word: "cayi" does not start it.
    const teas = findProducts(products, texts, { ...any, categoryId: 1, query: "cayi", limit: 1 });
    expect(ids(teas)).toEqual([1]);
    expect(teas.total).toBe(2);
    // "Zeytinyağlı" is one word too: a search for "yag" is for the oils.
    expect(ids(findProducts(products, texts, { ...any, query: "YAG" }))).toEqual([2]);
  });

  it("filters by temperament: only the products that name it, not those for everyone", () => {
    expect(ids(findProducts(products, texts, { ...any, temperament: "melancholic" }))).toEqual([2, 3]);
    expect(findProducts(products, texts, { ...any, temperament: "melancholic", limit: 1 })).toMatchObject({ total: 2 });
    expect(ids(findProducts(products, texts, { ...any, temperament: "sanguine" }))).toEqual([1]);
  });

  it("filters by temperament, category and search together", () => {
    expect(ids(findProducts(products, texts, { ...any, temperament: "melancholic", categoryId: 1 }))).toEqual([3]);
    expect(ids(findProducts(products, texts, { ...any, temperament: "melancholic", query: "yag" }))).toEqual([2]);
    expect(findProducts(products, texts, { ...any, temperament: "choleric", categoryId: 2 })).toEqual({
      products: [],
      total: 0,
    });
  });

  it("finds nothing, with a total of 0, for a search or a category no product matches", () => {
    expect(findProducts(products, texts, { ...any, query: "lavanta" })).toEqual({
      products: [],
      total: 0,
    });
    expect(findProducts(products, texts, { ...any, categoryId: 9 })).toEqual({ products: [], total: 0 });
  });
});

describe("the English texts in search (ADR 0087)", () => {
  const linden = product("Ihlamur Çayı", { name_en: "Linden Tea", long_description_en: "<p>For <b>winter</b></p>" });

  it("finds a product by its English name and by its Turkish name, both as name matches", () => {
    for (const query of ["linden", "tea", "ihlamur", "cay"]) {
      expect(queryMatcher(query)(linden), query).toBe(true);
    }
    const ranked = findProducts(
      [{ id: 1, category_id: null, temperaments: [] }],
      [linden],
      { categoryId: undefined, temperament: undefined, query: "linden", limit: 10 },
      [],
    );
    expect(ranked.total).toBe(1);
  });

  it("finds the English descriptions, and a category by its English name", () => {
    expect(queryMatcher("winter")(linden)).toBe(true);
    const herbal = [{ id: 3, name: "Bitki Çayları", name_en: "Herbal Teas" }];
    expect(queryMatcher("herbal", herbal)(product("Adaçayı"), 3)).toBe(true);
    expect(queryMatcher("herbal")(product("Adaçayı"), 3)).toBe(false);
  });
});
