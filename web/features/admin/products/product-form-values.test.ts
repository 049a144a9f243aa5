import { describe, expect, it } from "vitest";
import { productFixture } from "../../../lib/product-fixture.ts";
import { missingProductFields, productFormFrom, productPayload } from "./product-form-values.ts";

const product = productFixture({
  images: ["/images/a.jpg", "https://cdn.example.com/b.jpg"],
  etsy_link: "https://shop.example.com/ihlamur",
});

describe("the product form's values", () => {
  it("opens empty with one blank image field, or prefilled from the product", () => {
    expect(productFormFrom(undefined)).toEqual({
      name: "",
      category_id: "",
      short_description: "",
      long_description: "",
      images: [""],
      etsy_link: "",
      temperaments: [],
    });
    expect(productFormFrom(product)).toEqual({
      name: "Ihlamur",
      category_id: "2",
      short_description: "Calm tea",
      long_description: "<p>Long</p>",
      images: ["/images/a.jpg", "https://cdn.example.com/b.jpg"],
      etsy_link: "https://shop.example.com/ihlamur",
      temperaments: [],
    });
    expect(productFormFrom({ ...product, temperaments: ["choleric", "melancholic"] }).temperaments).toEqual([
      "choleric",
      "melancholic",
    ]);
    expect(productFormFrom({ ...product, images: [], category_id: null })).toMatchObject({
      images: [""],
      category_id: "",
    });
  });

  it("names the required fields left blank (docs/product.md §5)", () => {
    expect(missingProductFields(productFormFrom(undefined))).toEqual([
      "name",
      "category_id",
      "short_description",
      "etsy_link",
    ]);
    expect(missingProductFields({ ...productFormFrom(product), name: "   " })).toEqual(["name"]);
    expect(missingProductFields(productFormFrom(product))).toEqual([]);
  });

  it("sends docs/product.md §7's payload, trimmed, with blank image entries dropped", () => {
    const values = { ...productFormFrom(product), name: " Ihlamur ", images: [" ", "/images/a.jpg ", ""] };
    expect(productPayload(values)).toEqual({
      name: "Ihlamur",
      short_description: "Calm tea",
      long_description: "<p>Long</p>",
      category_id: 2,
      images: ["/images/a.jpg"],
      etsy_link: "https://shop.example.com/ihlamur",
      temperaments: [],
    });
  });

  it("sends the temperaments ticked in the canonical order, and an empty list when none is", () => {
    const values = { ...productFormFrom(product), temperaments: ["phlegmatic", "sanguine", "melancholic"] as const };
    expect(productPayload({ ...values, temperaments: [...values.temperaments] }).temperaments).toEqual([
      "sanguine",
      "melancholic",
      "phlegmatic",
    ]);
    expect(productPayload(productFormFrom(product)).temperaments).toEqual([]);
  });
});
