import type { Temperament } from "../../../worker/contract/temperaments.ts";

/**
 * Search that a Turkish-speaking shopper can use: case- and diacritic-insensitive with Turkish
 * casing, so "cay" finds "Çay", "ISIRGAN" finds "ısırgan" and "İğde" finds "igde". Both sides are
 * lower-cased the Turkish way (I→ı, İ→i), then folded to plain Latin letters (ı→i, ç→c, ğ→g, ö→o,
 * ş→s, ü→u, and any other accent dropped); punctuation separates words ("Arı'nın" is "ari nin").
 */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase("tr")
    .replace(/ı/g, "i")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

type Searchable = {
  name: string;
  short_description: string;
  description: string;
  long_description: string;
  // The English texts (ADR 0087); absent in a copy an older build stored.
  name_en?: string | undefined;
  short_description_en?: string | undefined;
  description_en?: string | undefined;
  long_description_en?: string | undefined;
};

const stripTags = (html: string) => html.replace(/<[^>]*>/g, " ");

/**
 * The folded text a product is searched by; build once per product, not per keystroke. The name
 * comes first and the descriptions after a line break (folding leaves none), each word after a
 * space: a query word matches the start of a word where " word" occurs, and before the line
 * break it is in the name.
 */
export function searchTextOf(product: Searchable): string {
  // Both languages' texts (ADR 0087): an English page shows an English name but its shopper may
  // know the Turkish one, and a Turkish shopper may type the English one.
  const names = [product.name, product.name_en ?? ""];
  const descriptions = [
    product.short_description,
    product.description,
    stripTags(product.long_description),
    product.short_description_en ?? "",
    product.description_en ?? "",
    stripTags(product.long_description_en ?? ""),
  ];
  return ` ${foldForSearch(names.join(" "))}\n ${foldForSearch(descriptions.join(" "))}`;
}

/** A text an older build stored (one line, no leading space) is folded again, not matched as it is. */
export const isCurrentSearchText = (text: string | undefined): text is string =>
  text?.startsWith(" ") === true && text.includes("\n");

/** How well a product matches a query: by its name, its category's name, or only its descriptions. */
export const MatchRank = { Name: 0, Category: 1, Description: 2 } as const;
export type MatchRank = (typeof MatchRank)[keyof typeof MatchRank];

type NamedCategory = { id: number; name: string; name_en?: string | undefined };

/**
 * A test for one query (issue 38): every word of it must start a word of the product's name, its
 * category's name or its descriptions, so "arı" finds "Arı Poleni" but not "karışımı". It gives
 * the rank (the name when every word is in it; the category when the rest are there) or undefined
 * for no match; an empty query matches every product by name. The query and the few category
 * names are folded once here, not once per product of a thousand.
 */
export function queryRanker(
  query: string,
  categories: readonly NamedCategory[] = [],
): (foldedText: string, categoryId: number | null) => MatchRank | undefined {
  const words = foldForSearch(query).split(" ").filter(Boolean);
  const categoryTexts = new Map(
    categories.map((category) => [category.id, ` ${foldForSearch(`${category.name} ${category.name_en ?? ""}`)}`]),
  );
  return (foldedText, categoryId) => {
    // The name is a few words: finding its end costs less than a word's search.
    const nameEnd = foldedText.indexOf("\n");
    let rank: MatchRank = MatchRank.Name;
    for (const word of words) {
      const at = wordStart(foldedText, word);
      if (at !== -1 && at < nameEnd) continue;
      const categoryText = categoryId === null ? undefined : categoryTexts.get(categoryId);
      if (categoryText && wordStart(categoryText, word) !== -1)
        rank = rank === MatchRank.Name ? MatchRank.Category : rank;
      else if (at !== -1) rank = MatchRank.Description;
      else return undefined;
    }
    return rank;
  };
}

/**
 * Where `word` first starts a word of `text` (a space before it), or -1; this runs for a thousand
 * products at each keystroke. A word is searched for as it is and its finds checked: " word" would
 * stop the search at every space.
 */
function wordStart(text: string, word: string): number {
  let at = text.indexOf(word);
  while (at !== -1 && text[at - 1] !== " ") at = text.indexOf(word, at + 1);
  return at;
}

/** Whether a product matches a query at all (queryRanker's rank aside). */
export function queryMatcher(
  query: string,
  categories: readonly NamedCategory[] = [],
): (foldedText: string, categoryId?: number | null) => boolean {
  const rank = queryRanker(query, categories);
  return (foldedText, categoryId = null) => rank(foldedText, categoryId) !== undefined;
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
 * search text): one pass, the query folded once. A search lists the name matches first, then
 * the category's, then the descriptions', each in display order.
 */
export function findProducts<T extends { category_id: number | null; temperaments: readonly string[] }>(
  products: readonly T[],
  texts: readonly string[],
  query: ListQuery,
  categories: readonly NamedCategory[] = [],
): ListAnswer<T> {
  const rank = query.query.trim() === "" ? undefined : queryRanker(query.query, categories);
  // One list per rank, each no longer than a page: the page is the first `limit` of them joined.
  const ranked: T[][] = [[], [], []];
  let total = 0;
  for (const [i, product] of products.entries()) {
    if (query.categoryId !== undefined && product.category_id !== query.categoryId) continue;
    if (query.temperament !== undefined && !product.temperaments.includes(query.temperament)) continue;
    const match = rank ? rank(texts[i] ?? "", product.category_id) : MatchRank.Name;
    if (match === undefined) continue;
    total += 1;
    const list = ranked[match] as T[];
    if (list.length < query.limit) list.push(product);
  }
  return { products: ranked.flat().slice(0, query.limit), total };
}
