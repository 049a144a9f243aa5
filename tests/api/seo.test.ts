import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../worker/db/schema.ts";
import { createCategory, createProduct, createProducts } from "../support/factories.ts";
import {
  inBothLanguages,
  productInCategoryTrail,
  readHead,
  readSitemap,
  sitemapLocations,
  structuredItem,
} from "../support/seo.ts";
import { createTestApp, shellAtRootOnly } from "../support/test-app.ts";

// Issue 31, "Found by search engines and messengers", on Node: the sitemap and robots.txt, and
// each public page's canonical address, description and JSON-LD (docs/decisions/
// 0054-found-by-search-engines.md). tests/worker/seo.test.ts runs the same under workerd.

const origin = "https://shop.example";
const { app, db } = await createTestApp({ PUBLIC_URL: `${origin}/` }, { assets: shellAtRootOnly });

const at = (iso: string) => new Date(iso);
let teas: { id: number };
let oils: { id: number };
let linden: { id: number };
let thyme: { id: number };
let loose: { id: number };
let hostile: { id: number };
const hostileName = "</script><script>alert(1)</script>";

beforeAll(async () => {
  teas = await createCategory(db, { name: "Bitki Çayları", updatedAt: at("2026-10-01T08:00:00Z") });
  oils = await createCategory(db, { name: "Doğal Yağlar", updatedAt: at("2026-11-10T08:00:00Z") });
  linden = await createProduct(db, {
    name: "Ihlamur Çayı",
    shortDescription: "Akşam için yumuşak bir çay.",
    longDescription: "<p>Sıcak &amp; <strong>taze</strong> demlenir.</p><p>İkinci&nbsp;paragraf.</p>",
    categoryId: teas.id,
    images: ["/images/products/ihlamur.svg", "https://cdn.example/ihlamur-2.jpg"],
    updatedAt: at("2026-11-20T09:30:15.250Z"),
  });
  thyme = await createProduct(db, { categoryId: teas.id, updatedAt: at("2026-09-01T00:00:00Z") });
  // Older than its category: its page shows the category's (renamed) name too.
  await createProduct(db, { categoryId: oils.id, updatedAt: at("2026-11-01T00:00:00Z") });
  loose = await createProduct(db, { categoryId: null, updatedAt: at("2026-08-01T00:00:00Z") });
  hostile = await createProduct(db, {
    name: hostileName,
    shortDescription: "</script><!-- & \u2028",
    longDescription: "<p>a</p>",
    categoryId: teas.id,
    updatedAt: at("2026-07-01T00:00:00Z"),
  });
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe("GET /sitemap.xml", () => {
  it("lists every public page, product and category page under PUBLIC_URL, with the rows' update times", async () => {
    const res = await get("/sitemap.xml", { Host: "evil.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const entries = readSitemap(await res.text());
    const lastmod = Object.fromEntries(entries.map((e) => [e.loc, e.lastmod]));
    const productIds = (await db.select({ id: products.id }).from(products)).map((p) => p.id);
    expect(entries.map((e) => e.loc).sort()).toEqual(
      inBothLanguages(sitemapLocations(origin, { categoryIds: [teas.id, oils.id], productIds })).sort(),
    );
    // A page's Turkish address carries the same time as its English one.
    expect(lastmod[`${origin}/tr/products/${linden.id}`]).toBe("2026-11-20T09:30:15Z");
    // A product: its own time, or its category's when that is later; to the second, in UTC.
    expect(lastmod[`${origin}/products/${linden.id}`]).toBe("2026-11-20T09:30:15Z");
    expect(lastmod[`${origin}/products/${thyme.id}`]).toBe("2026-10-01T08:00:00Z");
    expect(lastmod[`${origin}/products/${loose.id}`]).toBe("2026-08-01T00:00:00Z");
    // A category's page: the latest of the category and its products.
    expect(lastmod[`${origin}/products?category=${teas.id}`]).toBe("2026-11-20T09:30:15Z");
    expect(lastmod[`${origin}/products?category=${oils.id}`]).toBe("2026-11-10T08:00:00Z");
    // Home and the full list: the latest row of all.
    expect(lastmod[`${origin}/`]).toBe("2026-11-20T09:30:15Z");
    expect(lastmod[`${origin}/products`]).toBe("2026-11-20T09:30:15Z");
    // The shop's own texts: the database cannot date them.
    for (const path of ["/about", "/privacy", "/terms"]) expect(lastmod[`${origin}${path}`]).toBeNull();
  });

  it("answers 304 to its ETag, and a new ETag and body once the catalogue changes", async () => {
    const first = await get("/sitemap.xml");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, no-cache");

    const again = await get("/sitemap.xml", { "If-None-Match": etag as string });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const added = await createProduct(db, { categoryId: oils.id, updatedAt: at("2026-11-24T12:00:00Z") });
    const changed = await get("/sitemap.xml", { "If-None-Match": etag as string });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    const entries = readSitemap(await changed.text());
    expect(entries).toContainEqual({ loc: `${origin}/products/${added.id}`, lastmod: "2026-11-24T12:00:00Z" });
    expect(entries).toContainEqual({ loc: `${origin}/products?category=${oils.id}`, lastmod: "2026-11-24T12:00:00Z" });
    await db.delete(products).where(eq(products.id, added.id));
  });

  it("stays within the sitemap protocol's limits at 1,000 products", async () => {
    const big = await createTestApp({ PUBLIC_URL: origin }, { assets: shellAtRootOnly });
    const category = await createCategory(big.db);
    await createProducts(big.db, 1000, { categoryId: category.id });
    const res = await big.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    const bytes = (await res.clone().arrayBuffer()).byteLength;
    const entries = readSitemap(await res.text());
    // 1,000 products, their category, home, the full list, the story, privacy and terms, in two languages.
    expect(entries).toHaveLength(2012);
    expect(new Set(entries.map((e) => e.loc)).size).toBe(2012);
    expect(entries.length).toBeLessThanOrEqual(50_000);
    expect(bytes).toBeLessThan(50 * 1024 * 1024);
  });
});

describe("GET /robots.txt", () => {
  it("names the sitemap under PUBLIC_URL and keeps crawlers out of the private pages and the API", async () => {
    const res = await get("/robots.txt", { Host: "evil.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain; charset=utf-8$/i);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice(10));
    expect(disallowed).toEqual(
      expect.arrayContaining(["/admin", "/api/", "/profile", "/signin", "/signup", "/reset-password"]),
    );
    // The same private pages in Turkish (issue 40).
    expect(disallowed).toEqual(
      expect.arrayContaining(["/tr/admin", "/tr/profile", "/tr/signin", "/tr/signup", "/tr/reset-password"]),
    );
    // The public pages stay open, in both languages.
    for (const open of ["/", "/products", "/about", "/privacy", "/terms", "/tr", "/tr/products", "/tr/about"])
      expect(
        disallowed.some((d) => open.startsWith(d)),
        open,
      ).toBe(false);
  });
});

describe("canonical address, description and JSON-LD of the public pages", () => {
  it("gives home its canonical address, description, Organization and WebSite", async () => {
    const html = await (await get("/?utm_source=newsletter")).text();
    const head = readHead(html);
    expect(head.canonical).toBe(`${origin}/`);
    expect(head.description?.length).toBeGreaterThan(50);
    expect(structuredItem(html, "Organization")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Doğal Yaşam",
      url: `${origin}/`,
      logo: `${origin}/pwa-512x512.png`,
    });
    expect(structuredItem(html, "WebSite")).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "Doğal Yaşam",
      url: `${origin}/`,
      description: head.description,
      inLanguage: "en",
    });
  });

  it("keeps only category and temperament in the products page's canonical address", async () => {
    const html = await (
      await get(`/products?utm_source=x&category=${teas.id}&temperament=melancholic&fbclid=abc`)
    ).text();
    expect(readHead(html).canonical).toBe(`${origin}/products?category=${teas.id}&temperament=melancholic`);
    expect(readHead(await (await get("/products?utm_source=x")).text()).canonical).toBe(`${origin}/products`);
  });

  it("describes a product page with Product and BreadcrumbList, field by field", async () => {
    const html = await (await get(`/products/${linden.id}?utm_medium=social`)).text();
    const head = readHead(html);
    const url = `${origin}/products/${linden.id}`;
    expect(head.canonical).toBe(url);
    expect(head.description).toBe("Akşam için yumuşak bir çay.");
    const product = structuredItem(html, "Product");
    expect(product["@context"]).toBe("https://schema.org");
    expect(product.name).toBe("Ihlamur Çayı");
    // The long description's text: no tags, entities decoded, paragraphs apart.
    expect(product.description).toBe("Sıcak & taze demlenir. İkinci paragraf.");
    expect(product.image).toEqual([`${origin}/images/products/ihlamur.svg`, "https://cdn.example/ihlamur-2.jpg"]);
    expect(product.url).toBe(url);
    expect(product.category).toBe("Bitki Çayları");
    expect(Object.keys(product).sort()).toEqual(
      ["@context", "@type", "category", "description", "image", "name", "url"].sort(),
    );
    expect(structuredItem(html, "BreadcrumbList")).toEqual(
      productInCategoryTrail(origin, { id: teas.id, name: "Bitki Çayları" }, { name: "Ihlamur Çayı", url }),
    );
  });

  it("leads a product without a category through the full list", async () => {
    const html = await (await get(`/products/${loose.id}`)).text();
    expect(structuredItem(html, "Product").category).toBeUndefined();
    const trail = structuredItem(html, "BreadcrumbList").itemListElement as { name: string; item: string }[];
    expect(trail.map((step) => step.item)).toEqual([
      `${origin}/`,
      `${origin}/products`,
      `${origin}/products/${loose.id}`,
    ]);
  });

  it("keeps a product named </script><script>… inside its JSON-LD", async () => {
    const html = await (await get(`/products/${hostile.id}`)).text();
    expect(html).not.toContain(hostileName);
    expect(html).not.toContain("\u2028");
    const head = readHead(html);
    // The shell's module script, the JSON-LD (product, trail, page) and the page's data: nothing injected.
    expect(head.scripts.map((s) => s.type)).toEqual([
      "module",
      "application/ld+json",
      "application/ld+json",
      "application/ld+json",
      "application/json",
    ]);
    expect(
      head.scripts.some(
        (s) => s.text.includes("alert(1)") && s.type !== "application/ld+json" && s.type !== "application/json",
      ),
    ).toBe(false);
    expect(structuredItem(html, "Product").name).toBe(hostileName);
    const trail = structuredItem(html, "BreadcrumbList").itemListElement as { name: string }[];
    expect(trail[2]?.name).toBe(hostileName);
  });

  it("gives /about its canonical address, description and JSON-LD, and only the header's categories as data", async () => {
    const res = await get("/about?ref=x");
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = readHead(html);
    expect(head.canonical).toBe(`${origin}/about`);
    expect(head.description).toContain("Doğal Yaşam");
    // The shell's module script, the JSON-LD and the header's categories (ADR 0068).
    expect(head.scripts.map((s) => s.type)).toEqual(["module", "application/ld+json", "application/json"]);
    expect(structuredItem(html, "AboutPage").url).toBe(`${origin}/about`);
  });
});
