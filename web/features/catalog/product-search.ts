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
