import { describe, expect, it } from "vitest";
import { renderSitemap, sitemapEntries } from "./sitemap.ts";

describe("the sitemap's XML", () => {
  it("lists each page in both languages, each naming both and English as x-default", () => {
    const xml = renderSitemap("https://shop.example", [
      { path: "/products?category=2", lastmod: new Date("2026-11-01T10:20:30Z") },
    ]);
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/products?category=2"/>' +
      '<xhtml:link rel="alternate" hreflang="tr" href="https://shop.example/tr/products?category=2"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/products?category=2"/>';
    const lastmod = "<lastmod>2026-11-01T10:20:30Z</lastmod>";
    expect(xml).toContain(`<url><loc>https://shop.example/products?category=2</loc>${lastmod}${alternates}</url>`);
    expect(xml).toContain(`<url><loc>https://shop.example/tr/products?category=2</loc>${lastmod}${alternates}</url>`);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it("escapes what XML reads as markup in every address", () => {
    const xml = renderSitemap("https://shop.example", [
      { path: "/products?category=1&temperament=sanguine", lastmod: undefined },
      { path: "/a<b>'\"", lastmod: new Date("2026-11-01T10:20:30.456Z") },
    ]);
    expect(xml).toContain("<loc>https://shop.example/products?category=1&#38;temperament=sanguine</loc>");
    // The URL parser percent-encodes < > " in a path; the apostrophe stays and is escaped.
    expect(xml).toContain("<loc>https://shop.example/a%3Cb%3E&#39;%22</loc><lastmod>2026-11-01T10:20:30Z</lastmod>");
    expect(xml).not.toMatch(/&(?!#\d+;)/);
  });

  it("leaves out a time it cannot spell as a four-digit year", () => {
    const xml = renderSitemap("https://shop.example", [{ path: "/", lastmod: new Date(8_640_000_000_000_000) }]);
    expect(xml).toContain("<url><loc>https://shop.example/</loc><xhtml:link");
    expect(xml).not.toContain("<lastmod>");
  });

  it("dates a category's page by the latest of the category and its products, and skips no category", () => {
    const time = (day: number) => new Date(Date.UTC(2026, 10, day));
    const entries = sitemapEntries({
      categories: [
        { id: 1, updatedAt: time(5) },
        { id: 2, updatedAt: time(1) },
      ],
      products: [
        { id: 10, categoryId: 1, updatedAt: time(3) },
        { id: 11, categoryId: 2, updatedAt: time(9) },
        // A category id no row has (another writer's): the product is listed, no page is made up.
        { id: 12, categoryId: 7, updatedAt: time(2) },
      ],
    });
    expect(entries).toEqual([
      { path: "/", lastmod: time(9) },
      { path: "/products", lastmod: time(9) },
      { path: "/products?category=1", lastmod: time(5) },
      { path: "/products?category=2", lastmod: time(9) },
      { path: "/products/10", lastmod: time(5) },
      { path: "/products/11", lastmod: time(9) },
      { path: "/products/12", lastmod: time(2) },
      { path: "/about", lastmod: undefined },
      { path: "/privacy", lastmod: undefined },
      { path: "/terms", lastmod: undefined },
    ]);
  });
});
