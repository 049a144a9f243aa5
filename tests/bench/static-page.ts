/**
 * The Lighthouse baseline: a static HTML page with the same above-the-fold content as `/` (the
 * hero, the first products' names, images and short descriptions from the API), no script, the
 * built stylesheet linked, served by the same server from dist/web. It is the physical limit
 * for the page: what HTML that paints before any script runs would achieve.
 *
 * Preferred: a snapshot of `/` as the app renders it in Chromium (same markup, classes, images
 * and sizes), with every script, modulepreload and noscript removed. If the app does not render
 * the hero and the first products, a page is generated from the API data instead.
 */
import { existsSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { phoneContext, withChromium } from "./browser.ts";
import { defer } from "./cleanup.ts";
import { builtIndexAssets, webDist } from "./common.ts";

export type CatalogueProduct = {
  id: number;
  name: string;
  short_description: string;
  images: string[];
};

export const staticPagePath = "/__bench-static.html";

export type StaticPage = {
  path: string;
  /** The shop's products as the API listed them, from which the page was made. */
  products: CatalogueProduct[];
  method: "snapshot" | "generated";
  bytes: number;
  remove(): Promise<void>;
};

/** Writes the page for the shop at `base` into dist/web (removed by `remove()` or the bench's cleanup). */
export async function writeStaticPage(base: string): Promise<StaticPage> {
  const products = (await (await fetch(`${base}/api/products`)).json()) as CatalogueProduct[];
  const firstNames = products.slice(0, 3).map((p) => p.name);
  const snapshot = await snapshotHome(base, firstNames);
  const ok =
    snapshot && /<h1[\s>]/i.test(snapshot.html) && firstNames.every((n) => snapshot.html.includes(asHtmlText(n)));
  const html = ok ? snapshot.html : generate(products, snapshot?.hero);
  const file = join(webDist, staticPagePath.slice(1));
  const remove = defer(`remove dist/web${staticPagePath}`, () => {
    if (existsSync(file)) unlinkSync(file);
  });
  writeFileSync(file, html);
  return {
    path: staticPagePath,
    products,
    method: ok ? "snapshot" : "generated",
    bytes: Buffer.byteLength(html),
    remove,
  };
}

async function snapshotHome(
  base: string,
  names: string[],
): Promise<{ html: string; hero: { title: string; text: string } } | null> {
  return withChromium(async (browser) => {
    const context = await phoneContext(browser, base);
    try {
      const page = await context.newPage();
      await page.goto("/", { waitUntil: "networkidle" });
      for (const name of names) {
        await page
          .getByText(name, { exact: true })
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => undefined);
      }
      return await page.evaluate(() => {
        const doc = document.documentElement.cloneNode(true) as HTMLElement;
        // No script; and no canonical link, which on this URL would point at another page (`/`).
        for (const el of doc.querySelectorAll(
          'script, noscript, link[rel="modulepreload"], link[rel="manifest"], link[rel="canonical"]',
        )) {
          el.remove();
        }
        const h1 = document.querySelector("h1");
        const text = h1?.parentElement?.querySelector("p")?.textContent ?? "";
        return {
          html: `<!doctype html>\n${doc.outerHTML}`,
          hero: { title: h1?.textContent?.trim() ?? "", text: text.trim() },
        };
      });
    } catch {
      return null;
    } finally {
      await context.close();
    }
  });
}

/** The fallback: hero and the first three products as plain HTML with the built stylesheet. */
function generate(products: CatalogueProduct[], hero: { title: string; text: string } | undefined): string {
  const css = builtIndexAssets().styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  const title = hero?.title || "Doğal Yaşam";
  const cards = products.slice(0, 3).map(
    (p) => `<li class="overflow-hidden rounded-2xl border bg-white">
  <img src="${escapeHtml(p.images[0] ?? "/images/products/placeholder.svg")}" alt="" width="640" height="480" style="width:100%;height:auto">
  <div class="p-5"><h3 class="text-xl font-semibold"><a href="/products/${p.id}">${escapeHtml(p.name)}</a></h3>
  <p class="mt-2">${escapeHtml(p.short_description)}</p></div>
</li>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="Natural health and wellness products: herbal teas, natural oils and handmade soaps.">
${css.join("\n")}
</head>
<body>
<main class="mx-auto max-w-6xl px-4">
<section class="py-12"><h1 class="text-4xl font-semibold">${escapeHtml(title)}</h1>
<p class="mt-4 text-lg">${escapeHtml(hero?.text ?? "")}</p>
<p class="mt-6"><a href="/products">Browse products</a></p></section>
<ul class="grid gap-6">
${cards.join("\n")}
</ul>
</main>
</body>
</html>
`;
}

/** How the DOM serialises a text node. */
const asHtmlText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("\u00a0", "&nbsp;");

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
