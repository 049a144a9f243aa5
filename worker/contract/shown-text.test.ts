import { describe, expect, it } from "vitest";
import { shownDescription, shownLongDescription, shownName, shownSummary, shownText } from "./shown-text.ts";

// ADR 0087: an English page shows the admin's English text when there is one, else the Turkish
// text marked lang="tr"; a Turkish page always shows the Turkish (main) text.

describe("the text a page shows", () => {
  it("is the English text on an English page when written, else the Turkish one marked tr", () => {
    expect(shownText("en", "Ihlamur", "Linden")).toEqual({ text: "Linden", lang: undefined });
    expect(shownText("en", "Ihlamur", "")).toEqual({ text: "Ihlamur", lang: "tr" });
    expect(shownText("en", "Ihlamur", "   ")).toEqual({ text: "Ihlamur", lang: "tr" });
    expect(shownText("en", "Ihlamur", undefined)).toEqual({ text: "Ihlamur", lang: "tr" });
  });

  it("is always the Turkish text on a Turkish page, unmarked", () => {
    expect(shownText("tr", "Ihlamur", "Linden")).toEqual({ text: "Ihlamur", lang: undefined });
    expect(shownName({ name: "Ihlamur", name_en: "Linden" }, "tr")).toEqual({ text: "Ihlamur", lang: undefined });
  });

  it("takes a product's summary from its short description, else its description, in each language", () => {
    const product = { short_description: "", description: "Uzun", short_description_en: "", description_en: "Long" };
    expect(shownSummary(product, "en")).toEqual({ text: "Long", lang: undefined });
    expect(shownSummary({ ...product, description_en: "" }, "en")).toEqual({ text: "Uzun", lang: "tr" });
    expect(shownDescription({ description: "Çaylar", description_en: "Teas" }, "en").text).toBe("Teas");
  });

  it("reads a rich description with no words as no English text", () => {
    const product = { long_description: "<p>Sıcak</p>", long_description_en: "<p> </p>" };
    expect(shownLongDescription(product, "en")).toEqual({ text: "<p>Sıcak</p>", lang: "tr" });
    expect(shownLongDescription({ ...product, long_description_en: "<p>Warm</p>" }, "en").text).toBe("<p>Warm</p>");
  });
});
