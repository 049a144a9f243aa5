import { describe, expect, it } from "vitest";
import { categories, products } from "../../worker/db/schema.ts";
import { createCategory, createProduct, createProducts } from "../support/factories.ts";
import {
  inBothLanguages,
  ownTextPaths,
  productInCategoryTrail,
  readHead,
  readSitemap,
  sitemapLocations,
  structuredItem,
} from "../support/seo.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 31's sitemap, robots.txt, canonical addresses and JSON-LD in the production runtime: the
// built Worker under workerd over a seeded database (tests/api/seo.test.ts has every case on
// Node). PUBLIC_URL is http://shop.test here.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.54" });
const origin = "http://shop.test";
const forged = (path: string, headers: Record<string, string> = {}) =>
  shop.worker.dispatchFetch(`http://evil.example:8080${path}`, { headers } as never);
const page = async (path: string) => {
  const res = await shop.request("GET", path);
  expect(res.status, path).toBe(200);
  return res.text();
};

describe("GET /sitemap.xml and /robots.txt under workerd", () => {
  it("lists every page of the seeded catalogue under PUBLIC_URL, as XML with an ETag and a 304", async () => {
    const res = await forged("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const entries = readSitemap(await res.text());
    const { db } = shop.database;
    const productIds = (await db.select({ id: products.id }).from(products)).map((p) => p.id);
    const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((c) => c.id);
    expect(productIds.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.loc).sort()).toEqual(
      inBothLanguages(sitemapLocations(origin, { categoryIds, productIds })).sort(),
    );
    const ownTexts = inBothLanguages(ownTextPaths.map((path) => `${origin}${path}`));
    for (const entry of entries.filter((e) => !ownTexts.includes(e.loc))) {
      expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }

    const etag = res.headers.get("ETag") as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await shop.request("GET", "/sitemap.xml", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();

    const added = await createProduct(db, { updatedAt: new Date("2026-11-24T12:00:00Z") });
    const changed = await shop.request("GET", "/sitemap.xml", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(readSitemap(await changed.text())).toContainEqual({
      loc: `${origin}/products/${added.id}`,
      lastmod: "2026-11-24T12:00:00Z",
    });
  });

  it("stays within the sitemap protocol's limits with 1,000 more products", async () => {
    const { db } = shop.database;
    const category = await createCategory(db);
    await createProducts(db, 1000, { categoryId: category.id });
    const res = await shop.request("GET", "/sitemap.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    const entries = readSitemap(xml);
    const productCount = (await db.select({ id: products.id }).from(products)).length;
    const categoryCount = (await db.select({ id: categories.id }).from(categories)).length;
    expect(productCount).toBeGreaterThanOrEqual(1000);
    // Besides the catalogue: home, the full list, the story, privacy and terms; in two languages.
    expect(entries).toHaveLength(2 * (productCount + categoryCount + 5));
    expect(entries.length).toBeLessThanOrEqual(50_000);
    expect(new TextEncoder().encode(xml).byteLength).toBeLessThan(50 * 1024 * 1024);
  });

  it("serves robots.txt naming the sitemap and disallowing the private pages", async () => {
    const res = await forged("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain; charset=utf-8$/i);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const path of ["/admin", "/api/", "/profile", "/signin", "/signup", "/reset-password"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
  });
});

describe("canonical addresses and JSON-LD under workerd", () => {
  it("gives home Organization and WebSite, with a logo the site serves", async () => {
    const html = await page("/?utm_source=x");
    expect(readHead(html).canonical).toBe(`${origin}/`);
    const organization = structuredItem(html, "Organization");
    expect(organization).toMatchObject({ "@context": "https://schema.org", name: "Doğal Yaşam", url: `${origin}/` });
    const logo = await shop.request("GET", new URL(organization.logo as string).pathname);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    await logo.arrayBuffer();
    expect(structuredItem(html, "WebSite")).toMatchObject({
      "@type": "WebSite",
      name: "Doğal Yaşam",
      url: `${origin}/`,
    });
  });

  it("keeps only category and temperament in the canonical address of /products", async () => {
    const category = await createCategory(shop.database.db, { name: "Baharatlar" });
    const html = await page(`/products?category=${category.id}&temperament=melancholic&utm_source=x`);
    expect(readHead(html).canonical).toBe(`${origin}/products?category=${category.id}&temperament=melancholic`);
  });

  it("describes a product page field by field, and keeps a </script> name inside its JSON-LD", async () => {
    const { db } = shop.database;
    const category = await createCategory(db, { name: "Şifalı Otlar" });
    const name = "</script><script>alert(1)</script>";
    const product = await createProduct(db, {
      name,
      shortDescription: "Kısa & öz",
      longDescription: "<p>Ada&ccedil;ay&#305; <em>taze</em></p><p>demlenir</p>",
      categoryId: category.id,
      images: ["/images/products/adacayi.svg", "https://cdn.example/a.jpg"],
    });
    const html = await page(`/products/${product.id}?fbclid=abc`);
    expect(html).not.toContain(name);
    const head = readHead(html);
    const url = `${origin}/products/${product.id}`;
    expect(head.canonical).toBe(url);
    expect(head.description).toBe("Kısa & öz");
    // Nothing ran out of the data blocks: every other script is the shell's own file.
    const dataBlocks = ["application/ld+json", "application/json"];
    expect(head.scripts.filter((s) => !dataBlocks.includes(s.type ?? "")).every((s) => s.src && !s.text)).toBe(true);
    expect(head.scripts.filter((s) => s.type === "application/ld+json")).toHaveLength(3);
    expect(structuredItem(html, "Product")).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name,
      description: "Adaçayı taze demlenir",
      image: [`${origin}/images/products/adacayi.svg`, "https://cdn.example/a.jpg"],
      url,
      category: "Şifalı Otlar",
    });
    expect(structuredItem(html, "BreadcrumbList")).toEqual(
      productInCategoryTrail(origin, { id: category.id, name: "Şifalı Otlar" }, { name, url }),
    );
  });

  it("gives /about, /privacy and /terms their canonical address, description and JSON-LD", async () => {
    for (const [path, type] of [
      ["/about", "AboutPage"],
      ["/privacy", "WebPage"],
      ["/terms", "WebPage"],
    ] as const) {
      const html = await page(path);
      const head = readHead(html);
      expect(head.canonical, path).toBe(`${origin}${path}`);
      expect(head.description, path).toContain("Doğal Yaşam");
      expect(structuredItem(html, type).url, path).toBe(`${origin}${path}`);
    }
  });
});
