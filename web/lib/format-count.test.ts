import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count.ts";

describe("formatCount", () => {
  it("groups thousands the page's language's way", () => {
    expect(formatCount(0, "en")).toBe("0");
    expect(formatCount(999, "tr")).toBe("999");
    expect(formatCount(1234, "en")).toBe("1,234");
    expect(formatCount(1234, "tr")).toBe("1.234");
    expect(formatCount(1234567, "tr")).toBe("1.234.567");
    // Without a locale, the page's (English in these tests), as the admin's screens call it.
    expect(formatCount(1234)).toBe("1,234");
  });

  it("writes every whole count as Intl.NumberFormat does, in both languages", () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (count) => {
        expect(formatCount(count, "en")).toBe(new Intl.NumberFormat("en").format(count));
        expect(formatCount(count, "tr")).toBe(new Intl.NumberFormat("tr").format(count));
      }),
    );
  });
});
