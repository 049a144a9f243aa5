import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { InitialData } from "../../worker/contract/initial-data.ts";
import type { PageRenderer } from "../../worker/lib/page-renderer.ts";
import { createCategory, createProduct } from "../support/factories.ts";
import { builtServerRenderer, builtWebRoot } from "../support/server.ts";
import { createTestApp } from "../support/test-app.ts";

// What `npm run build` makes, in use: the catalogue pages rendered by the real server renderer
// (dist/ssr), and the built shell (dist/web).

// The shape of the built dist/web/index.html that matters here: title, description, head end.
const shell = `<!doctype html><html lang="en"><head><title>Shell</title>
<meta name="description" content="Shell description" />
<script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>`;
const assets = async () => new Response(shell, { headers: { "Content-Type": "text/html" } });

const initialData = (html: string): InitialData => {
  const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no initial data in the page");
  return JSON.parse(match[1]) as InitialData;
};

describe("catalogue pages rendered on the server", async () => {
  // The real renderer from `vite build` (dist/ssr), as the Node entry loads it.
  const { renderPage } = (await import(pathToFileURL(builtServerRenderer).href)) as { renderPage: PageRenderer };
  const rendered = await createTestApp({ PUBLIC_URL: "https://shop.example" }, { assets, renderPage });
  const teas = await createCategory(rendered.db, { name: "Bitki Çayları" });
  const oils = await createCategory(rendered.db, { name: "Doğal Yağlar" });
  const tea = await createProduct(rendered.db, {
    name: "Ihlamur $& Çayı",
    categoryId: teas.id,
    longDescription: "<p>Sakin <strong>akşamlar</strong></p><script>alert(1)</script>",
    images: ["/images/products/ihlamur.svg"],
  });
  await createProduct(rendered.db, { name: "Çörek Otu Yağı", categoryId: oils.id });
  // After the others: the home page shows the first three.
  const tagged = { temperaments: ["melancholic" as const], sortOrder: 10 };
  const cinnamon = await createProduct(rendered.db, {
    name: "Tarçın Çayı",
    categoryId: teas.id,
    ...tagged,
    temperaments: ["melancholic", "phlegmatic"],
  });
  await createProduct(rendered.db, { name: "Kekik Yağı", categoryId: oils.id, ...tagged });

  const root = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? "";

  it("paints the home page's products into the root before any script runs", async () => {
    const html = await (await rendered.app.request("/")).text();
    expect(root(html)).toContain("Ihlamur $&amp; Çayı");
    expect(root(html)).toContain("Çörek Otu Yağı");
    expect(html).toContain("<title>Doğal Yaşam — Natural health &#38; wellness</title>");
  });

  it("renders the category a /products link asks for", async () => {
    const html = root(await (await rendered.app.request(`/products?category=${oils.id}`)).text());
    expect(html).toContain("Çörek Otu Yağı");
    expect(html).not.toContain("Ihlamur");
  });

  it("renders the temperament a /products link asks for, alone and with a category, the current one marked", async () => {
    const melancholic = root(await (await rendered.app.request("/products?temperament=melancholic")).text());
    expect(melancholic).toContain("Tarçın Çayı");
    expect(melancholic).toContain("Kekik Yağı");
    // A product for everyone (no temperaments) is not in a temperament's list.
    expect(melancholic).not.toContain("Ihlamur");
    const options = ["All temperaments", "Sanguine", "Choleric", "Melancholic", "Phlegmatic"];
    const current = [...melancholic.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)]
      .map((m) => m[1] as string)
      .filter((name) => options.includes(name));
    expect(current).toEqual(["Melancholic"]);
    const teasOnly = root(
      await (await rendered.app.request(`/products?category=${teas.id}&temperament=melancholic`)).text(),
    );
    expect(teasOnly).toContain("Tarçın Çayı");
    expect(teasOnly).not.toContain("Kekik Yağı");
    expect(teasOnly).not.toContain("Ihlamur");
    // The other temperaments' links keep the category.
    expect(teasOnly).toContain(`href="/products?category=${teas.id}&amp;temperament=sanguine"`);
  });

  it("shows a product's temperaments as links to their lists, and none for a product without", async () => {
    const html = root(await (await rendered.app.request(`/products/${cinnamon.id}`)).text());
    const badges = [...html.matchAll(/<a [^>]*href="(\/products\?temperament=[a-z]+)"[^>]*>([^<]*)<\/a>/g)];
    expect(badges.map((m) => [m[1], m[2]])).toEqual([
      ["/products?temperament=melancholic", "Melancholic"],
      ["/products?temperament=phlegmatic", "Phlegmatic"],
    ]);
    expect(html).toContain("Suits these temperaments");
    const untagged = root(await (await rendered.app.request(`/products/${tea.id}`)).text());
    expect(untagged).not.toContain("temperament=");
    expect(untagged).not.toContain("Suits these temperaments");
  });

  it("renders a product page with its sanitized description, and the not-found screen", async () => {
    const res = await rendered.app.request(`/products/${tea.id}`);
    const html = await res.text();
    expect(html).toContain("<title>Ihlamur $&#38; Çayı — Doğal Yaşam</title>");
    expect(root(html)).toContain("<p>Sakin <strong>akşamlar</strong></p>");
    expect(root(html)).not.toContain("alert(1)");
    const missing = await rendered.app.request("/products/999999");
    expect(missing.status).toBe(404);
    expect(root(await missing.text())).toContain("Product not found");
  });

  it("names only the small entry in the page, which imports the app only when it starts it, in five parts (ADRs 0043, 0100)", () => {
    const dist = builtWebRoot;
    const index = readFileSync(join(dist, "index.html"), "utf8");
    const scripts = [...index.matchAll(/<script\b[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts).toHaveLength(1);
    expect(index).not.toContain("modulepreload");
    const entry = readFileSync(join(dist, scripts[0] as string), "utf8");
    // A static import would be fetched and run before the page is painted.
    expect(entry).not.toMatch(/(?:^|[;}])\s*import\s*(?:[\w{*]|["'`])/);
    const imported = [...entry.matchAll(/import\(`\.\/([\w.-]+\.js)`\)/g)].map((m) => m[1] as string);
    // React DOM, the router, zod with the API client, the route tree, then the app's start
    // (web/boot/start-in-stages.ts), each a chunk of its own.
    expect(imported).toHaveLength(5);
    expect(imported[2]).toMatch(/^api-client-/);
    expect(imported[3]).toMatch(/^route-tree\.gen-/);
    expect(imported[4]).toMatch(/^start-app-/);
    expect(new Set(imported).size).toBe(5);
    for (const chunk of imported) expect(existsSync(join(dist, "assets", chunk))).toBe(true);
  });

  it("wraps React DOM's CommonJS module in a parenthesized function, which V8 compiles off the main thread (ADR 0111)", () => {
    const dist = builtWebRoot;
    const index = readFileSync(join(dist, "index.html"), "utf8");
    const entry = readFileSync(
      join(dist, (/<script\b[^>]*\ssrc="\/([^"]+)"/.exec(index) as RegExpExecArray)[1] as string),
      "utf8",
    );
    const reactDom = (/import\(`\.\/([\w.-]+\.js)`\)/.exec(entry) as RegExpExecArray)[1] as string;
    const code = readFileSync(join(dist, "assets", reactDom), "utf8");
    // The minified wrapper: `<helper>((function(<exports>){…}))`, where Rolldown writes an arrow.
    expect(code).toMatch(/=\w+\(\(function\(\w+(?:,\w+)?\)\{/);
    expect(code).not.toMatch(/=\w+\(\(\(?\w+(?:,\w+)?\)?=>\{/);
  });

  it("falls back to the empty shell when the renderer fails, so the browser renders the page", async () => {
    const failing = await createTestApp(
      {},
      {
        assets,
        renderPage: async () => {
          throw new Error("renderer broke");
        },
      },
    );
    const res = await failing.app.request("/products");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(initialData(html).productList).toEqual({ category_id: null, products: [], total: 0 });
  });
});
