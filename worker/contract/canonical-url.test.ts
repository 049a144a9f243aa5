import { describe, expect, it } from "vitest";
import { canonicalUrl } from "./canonical-url.ts";

describe("a page's canonical address", () => {
  it.each([
    ["/products?category=2&temperament=melancholic&utm_source=x", "/products?category=2&temperament=melancholic"],
    ["/products?utm_source=x&temperament=choleric&category=3", "/products?category=3&temperament=choleric"],
    ["/products?utm_source=x&gclid=1", "/products"],
    ["/products/7?fbclid=abc", "/products/7"],
    ["/", "/"],
  ])("of %s is %s under the shop's address", (path, canonical) => {
    expect(canonicalUrl(path, "https://shop.example")).toBe(`https://shop.example${canonical}`);
  });

  it("never takes another origin from the path", () => {
    expect(canonicalUrl("//evil.example/products", "https://shop.example")).toBe("https://shop.example/products");
  });
});
