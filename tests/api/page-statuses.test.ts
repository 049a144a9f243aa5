import { describe, expect, it } from "vitest";
import { appShellPath, shellPages } from "../../worker/contract/app-pages.ts";
import type { InitialData } from "../../worker/contract/initial-data.ts";
import type { PageRenderer } from "../../worker/lib/page-renderer.ts";
import { createCategory, createProduct } from "../support/factories.ts";
import { readHead, readSitemap } from "../support/seo.ts";
import { createTestApp, builtShell as shell, shellAtRootOnly } from "../support/test-app.ts";

// Issues 37 (6) and 38 (8, 10) on Node (docs/decisions/0068-honest-page-statuses.md): a filter
// that names nothing is a 404 that takes no render and no cache slot; the pages of the shop's
// own text are rendered on the server; an address the app does not have is a 404 with the
// not-found page. tests/worker/page-statuses.test.ts asks the built Worker the same.

// Each render is one entry of the page cache: counting renders counts the slots taken.
const renders: string[] = [];
const renderPage: PageRenderer = async (url, data) => {
  renders.push(url);
  return `<main>rendered ${url} with ${data.categories?.length ?? "no"} categories</main>`;
};

const origin = "https://shop.example";
const { app, db } = await createTestApp({ PUBLIC_URL: origin }, { assets: shellAtRootOnly, renderPage });
const teas = await createCategory(db, { name: "Bitki Çayları" });
await createProduct(db, { name: "Ihlamur", categoryId: teas.id, temperaments: ["phlegmatic"] });
await createProduct(db, { name: "Adaçayı", categoryId: teas.id });

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const noindex = '<meta name="robots" content="noindex" />';
const initialData = (html: string): InitialData =>
  JSON.parse(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "null");

describe("a category or temperament that names nothing", () => {
  it("answers 404 with the list without it, noindex, from that list's render: no render and no slot of its own", async () => {
    const list = await get("/products");
    const listHtml = await list.text();
    const listEtag = list.headers.get("ETag") ?? "";
    renders.length = 0;
    for (const path of [
      "/products?category=999999",
      "/products?category=1000000",
      "/products?category=tea",
      "/products?temperament=bogus",
      "/products?category=999999&utm_source=x",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain(noindex);
      expect(readHead(html).canonical, path).toBe(`${origin}/products`);
      // The same page as /products, marked: the shopper sees every product, as the app shows.
      expect(html.replace(noindex, ""), path).toBe(listHtml);
      expect(initialData(html).productList?.category_id, path).toBeNull();
      expect(res.headers.get("ETag"), path).toBe(listEtag.replace(/"$/, '-noindex"'));
    }
    expect(renders).toEqual([]);
  });

  it("keeps the temperament it names when the category names nothing", async () => {
    renders.length = 0;
    const res = await get("/products?category=999999&temperament=phlegmatic");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(readHead(html).canonical).toBe(`${origin}/products?temperament=phlegmatic`);
    expect(initialData(html).productList?.products.map((p) => p.name)).toEqual(["Ihlamur"]);
    expect(renders).toEqual(["/products?temperament=phlegmatic"]);
    renders.length = 0;
    expect((await get("/products?category=555&temperament=phlegmatic")).status).toBe(404);
    expect(renders).toEqual([]);
  });

  it("leaves every known filter as it was: 200, indexable, its own canonical address", async () => {
    for (const path of [
      "/products",
      `/products?category=${teas.id}`,
      "/products?temperament=phlegmatic",
      `/products?category=${teas.id}&temperament=phlegmatic`,
      "/products?category=",
      "/products?utm_source=newsletter",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toContain(noindex);
      expect(readHead(html).canonical, path).toBe(`${origin}${path.replace(/[?&](utm_source=\w+|category=$)/, "")}`);
    }
  });
});

describe("the pages of the shop's own text", () => {
  it.each([
    ["/about", "AboutPage", "Our story"],
    ["/privacy", "WebPage", "Privacy policy"],
    ["/terms", "WebPage", "Terms of service"],
  ])(
    "renders %s on the server with the header's categories, its canonical address and JSON-LD",
    async (path, type, name) => {
      const res = await get(`${path}?ref=x`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<div id="root"><main>rendered ${path} with 1 categories</main></div>`);
      expect(initialData(html)).toEqual({ categories: [expect.objectContaining({ name: "Bitki Çayları" })] });
      const head = readHead(html);
      expect(head.canonical).toBe(`${origin}${path}`);
      expect(head.structuredData).toEqual([
        expect.objectContaining({
          "@type": type,
          name,
          url: `${origin}${path}`,
          isPartOf: { "@type": "WebSite", name: "Doğal Yaşam", url: `${origin}/` },
        }),
      ]);
      expect(html).not.toContain(noindex);
    },
  );

  it("lists them in the sitemap", async () => {
    const locs = readSitemap(await (await get("/sitemap.xml")).text()).map((entry) => entry.loc);
    expect(locs).toEqual(expect.arrayContaining([`${origin}/about`, `${origin}/privacy`, `${origin}/terms`]));
  });
});

describe("an address the app does not have", () => {
  it.each(["/nope", "/products/1/extra", "/about/team", "/signin/again", "/%E0%A4%A", "/%5C", "/%E2%82%AC"])(
    "answers %s with 404 and the not-found page, rendered on the server, never kept",
    async (path) => {
      renders.length = 0;
      for (const _ of [1, 2]) {
        const res = await get(path, { Accept: "text/html" });
        expect(res.status).toBe(404);
        expect(res.headers.get("Cache-Control")).toBe("no-store");
        const html = await res.text();
        expect(html).toContain("<title>Page not found — Doğal Yaşam</title>");
        expect(html).toContain(noindex);
        expect(readHead(html).canonical).toBeNull();
        expect(html).toContain(`<div id="root"><main>rendered ${new URL(path, origin).pathname} with 1 categories`);
        expect(initialData(html).categories).toHaveLength(1);
      }
      // Rendered for each request: no address can take a place in the page cache.
      expect(renders).toHaveLength(2);
    },
  );

  it("answers the app's other pages with the shell, as before", async () => {
    for (const path of [...shellPages, appShellPath]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(shell);
    }
  });
});
