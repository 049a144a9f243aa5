import { asc } from "drizzle-orm";
import { safeCategoryColumns, safeProductColumns } from "../../catalogue/catalogue-queries.ts";
import { staticPages } from "../../contract/app-pages.ts";
import { byDisplayOrder } from "../../contract/display-order.ts";
import { locales, localizedPath } from "../../contract/locales.ts";
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
      .select({
        id: products.id,
        categoryId: products.categoryId,
        updatedAt: safeProductColumns.updatedAt,
        sort_order: safeProductColumns.sortOrder,
        name: products.name,
      })
      .from(products)
      .then((rows) =>
        rows.sort(byDisplayOrder).map(({ id, categoryId, updatedAt }) => ({ id, categoryId, updatedAt })),
      ),
    db
      .select({ id: categories.id, updatedAt: safeCategoryColumns.updatedAt })
      .from(categories)
      .orderBy(asc(categories.createdAt), asc(categories.id)),
  ]);
  return { products: productRows, categories: categoryRows };
}
export type SitemapRows = Awaited<ReturnType<typeof readSitemapRows>>;

/** A page by its English address; the sitemap lists it in every language. */
type Entry = { path: `/${string}`; lastmod: Date | undefined };

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
    ...[...categoryPageTime].map(([id, lastmod]): Entry => ({ path: `/products?category=${id}`, lastmod })),
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

/**
 * The sitemap protocol's XML (sitemaps.org 0.9), every address absolute under `origin`: each page
 * in English and in Turkish, each naming the other as its alternate (Google's `xhtml:link`
 * form of hreflang), English also as `x-default` (issue 40).
 */
export function renderSitemap(origin: string, entries: Entry[]): string {
  // escapeHtml writes numeric character references, which XML reads as HTML does.
  const address = (path: `/${string}`) => escapeHtml(new URL(path, origin).toString());
  const urls = entries.flatMap(({ path, lastmod }) => {
    const time = lastmod && w3cDatetime(lastmod);
    const alternates = [
      ...locales.map(
        (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${address(localizedPath(path, locale))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${address(path)}"/>`,
    ].join("");
    return locales.map((locale) => {
      const loc = `<loc>${address(localizedPath(path, locale))}</loc>`;
      return `<url>${loc}${time ? `<lastmod>${time}</lastmod>` : ""}${alternates}</url>`;
    });
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
