import { describe, expect, it } from "vitest";
import { appShellPath, shellPages } from "../../worker/contract/app-pages.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import { readHead } from "../support/seo.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issues 37 (6) and 38 (8, 10) in the production runtime (docs/decisions/0068-honest-page-statuses.md):
// the built Worker under workerd, with Workers Static Assets configured from wrangler.toml, over
// the seeded catalogue. tests/api/page-statuses.test.ts has the same on Node, with the renders
// counted.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.68" });
const origin = "http://shop.test";
const get = async (path: string) => {
  const res = await shop.request("GET", path);
  return { status: res.status, headers: res.headers, html: await res.text() };
};
const noindex = '<meta name="robots" content="noindex" />';
/** What is inside `<div id="root">`: the server's render, before any script. */
const rendered = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? "";

describe("a category or temperament that names nothing, under workerd", () => {
  it("answers 404 with every product, noindex, from the /products render's slot", async () => {
    const list = await get("/products");
    const etag = list.headers.get("ETag") ?? "";
    expect(etag).toMatch(/-\/products"$/);
    for (const path of ["/products?category=999999", "/products?category=tea", "/products?temperament=bogus"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain(noindex);
      expect(readHead(res.html).canonical, path).toBe(`${origin}/products`);
      expect(res.html.replace(noindex, ""), path).toBe(list.html);
      // The render of /products answers it, under that render's ETag: no slot of its own.
      expect(res.headers.get("ETag"), path).toBe(etag.replace(/"$/, '-noindex"'));
      expectSecurityHeaders(res.headers, path);
    }
  });

  it("answers a category that exists as before", async () => {
    const res = await get("/products?category=1");
    expect(res.status).toBe(200);
    expect(res.html).not.toContain(noindex);
    expect(readHead(res.html).canonical).toBe(`${origin}/products?category=1`);
  });
});

describe("the pages of the shop's own text, under workerd", () => {
  it.each([
    ["/about", "From my grandmother’s garden to your home"],
    ["/privacy", "What we store when you sign up"],
    ["/terms", "We do not sell on this site"],
  ])("renders %s on the server: its text is in the page before any script", async (path, text) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(rendered(res.html)).toContain(text);
    expect(rendered(res.html)).toMatch(/<footer[\s>][\s\S]*href="\/privacy"[\s\S]*href="\/terms"/);
    expectSecurityHeaders(res.headers, path);
  });
});

describe("an address the app does not have, under workerd", () => {
  // "/%5C": a backslash, decoded, is no path the renderer can parse (its render failed, logged).
  it.each(["/nope", "/products/1/extra", "/signin/again", "/%5C", "/%E2%82%AC"])(
    "answers %s with 404 and the server-rendered not-found page",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.html).toContain("<title>Page not found — Doğal Yaşam</title>");
      expect(res.html).toContain(noindex);
      expect(rendered(res.html)).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      // The app's own page, so the app starts on it as on any other.
      expect(res.html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
      expectSecurityHeaders(res.headers, path);
    },
  );

  it("answers the app's other pages with the shell", async () => {
    for (const path of [...shellPages, appShellPath]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain('<div id="root"></div>');
    }
  });
});
