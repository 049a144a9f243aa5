import { describe, expect, it } from "vitest";
import { localizedPath, splitLocale } from "./locales.ts";

describe("an address's language (ADR 0079)", () => {
  it.each([
    ["/tr", "tr", "/"],
    ["/tr/products", "tr", "/products"],
    ["/tr/products/7", "tr", "/products/7"],
    ["/", "en", "/"],
    ["/products", "en", "/products"],
    // Only the whole first segment: these are English addresses (and pages that do not exist).
    ["/trees", "en", "/trees"],
    ["/tr-TR/products", "en", "/tr-TR/products"],
    ["/products/tr", "en", "/products/tr"],
  ])("reads %s as %s, %s", (pathname, locale, path) => {
    expect(splitLocale(pathname)).toEqual({ locale, path });
  });

  it.each([
    ["/", "tr", "/tr"],
    ["/?ref=x", "tr", "/tr?ref=x"],
    ["/products?category=2", "tr", "/tr/products?category=2"],
    ["/products/7", "tr", "/tr/products/7"],
    ["/reset-password#token=x", "tr", "/tr/reset-password#token=x"],
    ["/#top", "tr", "/tr#top"],
    ["/products?category=2", "en", "/products?category=2"],
  ] as const)("writes %s in %s as %s", (path, locale, expected) => {
    expect(localizedPath(path, locale)).toBe(expected);
  });

  it("reads back what it writes", () => {
    for (const path of ["/", "/products", "/products/7", "/about", "/signup"] as const) {
      expect(splitLocale(localizedPath(path, "tr"))).toEqual({ locale: "tr", path });
    }
  });
});
