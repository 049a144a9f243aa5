import { describe, expect, it } from "vitest";
import { findProducts, foldForSearch, queryMatcher, searchTextOf } from "./product-search.ts";

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
  ])("%j finds %j", (query, name) => {
    expect(queryMatcher(query)(product(name))).toBe(true);
  });

  it.each([
    ["kekik", "Ihlamur Çayı"],
    ["cay yag", "Ihlamur Çayı"],
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
    const teas = findProducts(products, texts, { ...any, categoryId: 1, query: "cayi", limit: 1 });
    expect(ids(teas)).toEqual([1]);
    expect(teas.total).toBe(3);
    expect(ids(findProducts(products, texts, { ...any, query: "YAG" }))).toEqual([2, 4]);
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
