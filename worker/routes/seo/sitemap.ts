import { asc } from "drizzle-orm";
import { productDisplayOrder, safeCategoryColumns, safeProductColumns } from "../../catalogue/catalogue-queries.ts";
import { staticPages } from "../../contract/app-pages.ts";
import type { Database } from "../../db/client.ts";
import { categories, products } from "../../db/schema.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

/**
 * The pages anyone may read that are not catalogue rows (docs/product.md §2's "everyone" routes, less the
 * confirmation screens reached from e-mails). Sign-in, sign-up, reset, profile and admin are
 * for one visitor, not for search results (robots.txt keeps crawlers out of them).
 */
const fixedPages = ["/", "/products"] as const;

/** What the sitemap needs of the catalogue: ids and update times only. */
export async function readSitemapRows(db: Database) {
  const [productRows, categoryRows] = await Promise.all([
    db
      .select({ id: products.id, categoryId: products.categoryId, updatedAt: safeProductColumns.updatedAt })
      .from(products)
      .orderBy(...productDisplayOrder),
    db
      .select({ id: categories.id, updatedAt: safeCategoryColumns.updatedAt })
      .from(categories)
      .orderBy(asc(categories.createdAt), asc(categories.id)),
  ]);
  return { products: productRows, categories: categoryRows };
}
export type SitemapRows = Awaited<ReturnType<typeof readSitemapRows>>;

type Entry = { path: string; lastmod: Date | undefined };

/** The later of two times; undefined only when both are. */
function later(a: Date, b: Date | undefined): Date;
function later(a: Date | undefined, b: Date | undefined): Date | undefined;
function later(a: Date | undefined, b: Date | undefined) {
  return a && b ? (a > b ? a : b) : (a ?? b);
}

/**
 * The pages and when each last changed (docs/decisions/0054-found-by-search-engines.md): a
 * product page shows its row and its category's name; a category's page its row and its
 * products; the home page and the full list every row. /about, /privacy and /terms are the app's
 * own text, whose changes the database cannot date, so they go without.
 */
export function sitemapEntries(rows: SitemapRows): Entry[] {
  const categoryTime = new Map(rows.categories.map((row) => [row.id, row.updatedAt]));
  const categoryPageTime = new Map<number, Date>(categoryTime);
  let newest: Date | undefined;
  for (const row of rows.categories) newest = later(newest, row.updatedAt);
  const productEntries = rows.products.map(({ id, categoryId, updatedAt }): Entry => {
    const category = categoryId === null ? undefined : categoryTime.get(categoryId);
    if (categoryId !== null && category) {
      categoryPageTime.set(categoryId, later(updatedAt, categoryPageTime.get(categoryId)));
    }
    newest = later(newest, updatedAt);
    return { path: `/products/${id}`, lastmod: later(updatedAt, category) };
  });
  const [home, list] = fixedPages;
  return [
    { path: home, lastmod: newest },
    { path: list, lastmod: newest },
    ...[...categoryPageTime].map(([id, lastmod]) => ({ path: `/products?category=${id}`, lastmod })),
    ...productEntries,
    ...staticPages.map((path) => ({ path, lastmod: undefined })),
  ];
}

/**
 * W3C Datetime to the second, in UTC, as the sitemap protocol's `lastmod` takes it; none for a
 * time outside four-digit years (a row another writer left so), which it cannot spell.
 */
const w3cDatetime = (time: Date) => {
  const year = time.getUTCFullYear();
  return year >= 1 && year <= 9999 ? `${time.toISOString().slice(0, 19)}Z` : undefined;
};

/** The sitemap protocol's XML (sitemaps.org 0.9), every address absolute under `origin`. */
export function renderSitemap(origin: string, entries: Entry[]): string {
  // escapeHtml writes numeric character references, which XML reads as HTML does.
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeHtml(new URL(path, origin).toString())}</loc>`;
    const time = lastmod && w3cDatetime(lastmod);
    return time ? `<url>${loc}<lastmod>${time}</lastmod></url>` : `<url>${loc}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
