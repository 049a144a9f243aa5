import { describe, expect, it } from "vitest";
import { suggestedProducts } from "./suggestions.ts";

/** Products in display order: a name and the temperaments each suits. */
const catalogue = [
  { id: 1, name: "Ihlamur", temperaments: ["sanguine", "choleric"] },
  { id: 2, name: "Çörek Otu Yağı", temperaments: ["melancholic", "phlegmatic"] },
  { id: 3, name: "Sabun", temperaments: [] },
  { id: 4, name: "Zencefil", temperaments: ["phlegmatic"] },
  { id: 5, name: "Tarçın", temperaments: ["melancholic"] },
  { id: 6, name: "Papatya", temperaments: ["choleric"] },
  { id: 7, name: "Karabiber", temperaments: ["melancholic", "phlegmatic"] },
];
const names = (products: readonly { name: string }[]) => products.map((p) => p.name);

describe("suggestedProducts", () => {
  it("takes the dominant temperament's products in display order, up to three", () => {
    expect(names(suggestedProducts(catalogue, { dominant: "melancholic", secondary: "choleric" }))).toEqual([
      "Çörek Otu Yağı",
      "Tarçın",
      "Karabiber",
    ]);
  });

  it("fills up with the secondary temperament's products after the dominant's, without repeating one", () => {
    // Sanguine: Ihlamur only; then choleric: Ihlamur again (not repeated), Papatya.
    expect(names(suggestedProducts(catalogue, { dominant: "sanguine", secondary: "choleric" }))).toEqual([
      "Ihlamur",
      "Papatya",
    ]);
    // Phlegmatic: Çörek Otu Yağı, Zencefil, Karabiber fill the three before melancholic's Tarçın.
    expect(names(suggestedProducts(catalogue, { dominant: "phlegmatic", secondary: "melancholic" }))).toEqual([
      "Çörek Otu Yağı",
      "Zencefil",
      "Karabiber",
    ]);
    expect(names(suggestedProducts(catalogue, { dominant: "choleric", secondary: "phlegmatic" }))).toEqual([
      "Ihlamur",
      "Papatya",
      "Çörek Otu Yağı",
    ]);
  });

  it("never suggests a product for everyone (no temperaments), and nothing when none suits", () => {
    const plain = [{ id: 3, name: "Sabun", temperaments: [] }];
    expect(suggestedProducts(plain, { dominant: "sanguine", secondary: "choleric" })).toEqual([]);
    expect(suggestedProducts([], { dominant: "melancholic", secondary: "phlegmatic" })).toEqual([]);
    expect(names(suggestedProducts(catalogue, { dominant: "sanguine", secondary: "melancholic" }, 10))).not.toContain(
      "Sabun",
    );
  });

  it("honours another limit, and keeps the products it was given", () => {
    const result = { dominant: "melancholic", secondary: "phlegmatic" } as const;
    expect(names(suggestedProducts(catalogue, result, 1))).toEqual(["Çörek Otu Yağı"]);
    expect(suggestedProducts(catalogue, result, 0)).toEqual([]);
    expect(names(suggestedProducts(catalogue, result, 10))).toEqual([
      "Çörek Otu Yağı",
      "Tarçın",
      "Karabiber",
      "Zencefil",
    ]);
    expect(suggestedProducts(catalogue, result)[0]).toBe(catalogue[1]);
  });

  it("counts a product once by its id, when it comes in two lists (each temperament's, as the device answers them)", () => {
    const melancholic = catalogue.filter((p) => p.temperaments.includes("melancholic")).map((p) => ({ ...p }));
    const phlegmatic = catalogue.filter((p) => p.temperaments.includes("phlegmatic")).map((p) => ({ ...p }));
    const result = { dominant: "phlegmatic", secondary: "melancholic" } as const;
    expect(names(suggestedProducts([...phlegmatic, ...melancholic], result, 10))).toEqual([
      "Çörek Otu Yağı",
      "Zencefil",
      "Karabiber",
      "Tarçın",
    ]);
  });
});
