import { JSDOM } from "jsdom";
import { expect } from "vitest";

/** A sitemap read by an XML parser, as a crawler reads it: each `<url>`'s loc and lastmod. */
export function readSitemap(xml: string): { loc: string; lastmod: string | null }[] {
  const { document } = new JSDOM(xml, { contentType: "application/xml" }).window;
  // A malformed document (an unescaped `&` or `<`) parses to a parsererror, not a urlset.
  expect(document.documentElement.nodeName).toBe("urlset");
  expect(document.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  return [...document.documentElement.children].map((url) => {
    expect(url.localName).toBe("url");
    return {
      loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
      lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    };
  });
}

/** The shop's own texts: in every sitemap, undated (the database cannot date them). */
export const ownTextPaths = ["/about", "/privacy", "/terms"];

/** Every address the sitemap of a catalogue lists under `origin`, sorted: the shop's pages, each category's list, each product's page. */
export function sitemapLocations(origin: string, catalogue: { categoryIds: number[]; productIds: number[] }): string[] {
  return [
    `${origin}/`,
    `${origin}/products`,
    ...ownTextPaths.map((path) => `${origin}${path}`),
    ...catalogue.categoryIds.map((id) => `${origin}/products?category=${id}`),
    ...catalogue.productIds.map((id) => `${origin}/products/${id}`),
  ].sort();
}

/** What a search engine reads in a page's head: canonical, description, and the JSON-LD, parsed. */
export function readHead(html: string) {
  const { document } = new JSDOM(html).window;
  return {
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
    structuredData: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
    ),
    /** Every script element's type and text: an injected `<script>` would be one more. */
    scripts: [...document.querySelectorAll("script")].map((script) => ({
      type: script.getAttribute("type"),
      src: script.getAttribute("src"),
      text: script.textContent ?? "",
    })),
  };
}

/** The one JSON-LD item of `type` in a page. */
export function structuredItem(html: string, type: string): Record<string, unknown> {
  const items = readHead(html).structuredData.filter((item) => item["@type"] === type);
  expect(items).toHaveLength(1);
  return items[0] as Record<string, unknown>;
}

/**
 * The sitemap's addresses for these English ones: each page in English and in Turkish (issue 40),
 * `https://shop.example/products` and `https://shop.example/tr/products`.
 */
export function inBothLanguages(urls: readonly string[]): string[] {
  return urls.flatMap((url) => {
    const { origin, pathname, search } = new URL(url);
    return [url, `${origin}/tr${pathname === "/" ? "" : pathname}${search}`];
  });
}

/** The JSON-LD trail to a product in a category: Home, the category's list, the product. */
export function productInCategoryTrail(
  origin: string,
  category: { id: number; name: string },
  product: { name: string; url: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
      { "@type": "ListItem", position: 2, name: category.name, item: `${origin}/products?category=${category.id}` },
      { "@type": "ListItem", position: 3, name: product.name, item: product.url },
    ],
  };
}
