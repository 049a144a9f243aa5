/** The query parameters that choose what a page shows; every other one (tracking tags, typos) is the same page. */
const pageParameters = ["category", "temperament"] as const;

/**
 * The one address search engines should index for a page served for `path` (its path and query
 * string): under the configured shop address (ADR 0037), with only the parameters that change
 * the page, in one order, so `?utm_source=x&category=2` and `?category=2` name one page. The
 * server writes it into each page; the app keeps it true as the shopper moves on (web/lib/page-head.ts).
 */
export function canonicalUrl(path: string, origin: string): string {
  const given = new URL(path, origin);
  const url = new URL(given.pathname, origin);
  for (const name of pageParameters) {
    const value = given.searchParams.get(name);
    if (value) url.searchParams.set(name, value);
  }
  return url.toString();
}
