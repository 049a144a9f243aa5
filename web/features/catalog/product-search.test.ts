import { describe, expect, it } from "vitest";
import { foldForSearch, queryMatcher, searchTextOf } from "./product-search.ts";

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
