import { describe, expect, it } from "vitest";
import { parseInitialData, productIdFromPathname } from "./initial-data.ts";

const product = {
  id: 7,
  name: "Ihlamur Çayı",
  short_description: "Kış akşamları için",
  description: "",
  long_description: "<p>Ihlamur</p>",
  name_en: "Linden Tea",
  short_description_en: "",
  description_en: "",
  long_description_en: "",
  category_id: 1,
  images: ["/images/products/ihlamur-cayi.svg"],
  etsy_link: "https://www.etsy.com/listing/1/ihlamur",
  temperaments: [],
  sort_order: 1,
  version: 1,
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z",
};
const category = {
  id: 1,
  name: "Bitki Çayları",
  description: "",
  name_en: "Herbal Teas",
  description_en: "",
  version: 1,
  created_at: "2025-01-01T00:00:00.000Z",
};

describe("parseInitialData", () => {
  it("reads the list pages' data", () => {
    expect(
      parseInitialData(
        JSON.stringify({ productList: { category_id: null, products: [product], total: 30 }, categories: [category] }),
      ),
    ).toEqual({
      productList: { category_id: null, products: [product], total: 30 },
      categories: [category],
    });
  });

  it("reads a page rendered before the English texts existed, with them empty (ADR 0087)", () => {
    const { name_en: _, short_description_en: _s, description_en: _d, long_description_en: _l, ...older } = product;
    const { name_en: _n, description_en: _c, ...olderCategory } = category;
    expect(parseInitialData(JSON.stringify({ product: older, categories: [olderCategory] }))).toEqual({
      product: { ...older, name_en: "", short_description_en: "", description_en: "", long_description_en: "" },
      categories: [{ ...olderCategory, name_en: "", description_en: "" }],
    });
  });

  it("keeps a missing product as null", () => {
    expect(parseInitialData(JSON.stringify({ product: null, categories: [] }))).toEqual({
      product: null,
      categories: [],
    });
  });

  it.each([
    ["absent", undefined],
    ["null", null],
    ["blank", "  "],
    ["not JSON", "{products:"],
    ["the wrong shape", JSON.stringify({ productList: { category_id: null, products: [{ id: "seven" }], total: 1 } })],
    ["not an object", "[]"],
  ])("is undefined when the text is %s", (_, text) => {
    expect(parseInitialData(text)).toBeUndefined();
  });
});

describe("productIdFromPathname", () => {
  it.each([
    ["/products/7", 7],
    ["/products/7/", 7],
    ["/products/abc", undefined],
    ["/products/0", undefined],
    ["/products/1.5", undefined],
    ["/products", undefined],
    ["/", undefined],
    ["/products/99999999999999999999", undefined],
  ])("%s → %s", (pathname, id) => {
    expect(productIdFromPathname(pathname)).toBe(id);
  });
});
