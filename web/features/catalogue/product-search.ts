import type { Temperament } from "../../../worker/contract/temperaments.ts";

/**
 * Search that a Turkish-speaking shopper can use: case- and diacritic-insensitive with Turkish
 * casing, so "cay" finds "Çay", "ISIRGAN" finds "ısırgan" and "İğde" finds "igde". Both sides are
 * lower-cased the Turkish way (I→ı, İ→i), then folded to plain Latin letters (ı→i, ç→c, ğ→g, ö→o,
 * ş→s, ü→u, and any other accent dropped).
 */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase("tr")
    .replace(/ı/g, "i")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

type Searchable = { name: string; short_description: string; description: string; long_description: string };

const stripTags = (html: string) => html.replace(/<[^>]*>/g, " ");

/** The folded text a product is searched by; build once per product, not per keystroke. */
export function searchTextOf(product: Searchable): string {
  return foldForSearch(
    [product.name, product.short_description, product.description, stripTags(product.long_description)].join(" "),
  );
}

/**
 * A test for one query: true when every word of it occurs in a product's folded text (empty
 * query: every product). The query is folded once here, not once per product of a thousand.
 */
export function queryMatcher(query: string): (foldedText: string) => boolean {
  const words = foldForSearch(query).split(" ").filter(Boolean);
  return (foldedText) => words.every((word) => foldedText.includes(word));
}

/**
 * What a list screen shows: the first `limit` products of a category (all: undefined) that suit a
 * temperament (any: undefined) and match a search.
 */
export type ListQuery = {
  categoryId: number | undefined;
  /** Only the products that name it (ADR 0048): one with no temperaments is for everyone, not listed here. */
  temperament: Temperament | undefined;
  query: string;
  limit: number;
};

/** The first `limit` products matching a query, in display order, and how many match in all. */
export type ListAnswer<T> = { products: T[]; total: number };

/**
 * Answers a list screen's question over the whole list (`texts[i]` is `products[i]`'s folded
 * search text): one pass, the query folded once.
 */
export function findProducts<T extends { category_id: number | null; temperaments: readonly string[] }>(
  products: readonly T[],
  texts: readonly string[],
  query: ListQuery,
): ListAnswer<T> {
  const matches = query.query.trim() === "" ? undefined : queryMatcher(query.query);
  const found: T[] = [];
  let total = 0;
  for (const [i, product] of products.entries()) {
    if (query.categoryId !== undefined && product.category_id !== query.categoryId) continue;
    if (query.temperament !== undefined && !product.temperaments.includes(query.temperament)) continue;
    if (matches && !matches(texts[i] ?? "")) continue;
    total += 1;
    if (found.length < query.limit) found.push(product);
  }
  return { products: found, total };
}
