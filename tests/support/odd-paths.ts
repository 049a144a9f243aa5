/**
 * Addresses a browser, a crawler or a stale page may ask for that no link of the app makes,
 * with the answer both runtimes must give: never a 5xx, never the app shell for a file.
 */
export const oddPaths: { path: string; status: number; redirectsTo?: string; html?: boolean }[] = [
  { path: "/products/", status: 301, redirectsTo: "/products" },
  { path: "/products/1/", status: 301, redirectsTo: "/products/1" },
  { path: "/about/", status: 301, redirectsTo: "/about" },
  { path: "/products/?category=2", status: 301, redirectsTo: "/products?category=2" },
  // No page of the app: 404 with the not-found page (ADR 0068), as a filter naming nothing.
  { path: "/products/1/extra", status: 404, html: true },
  { path: "/products/not-a-number", status: 404, html: true },
  { path: "/products?category=tea", status: 404, html: true },
  // A chunk of an older deploy, a file that never was, a way out of the web root: a 404 error
  // page (never kept: no-store), not the app shell a browser would keep as the file.
  { path: "/assets/index-0ld0ld00.js", status: 404, html: true },
  { path: "/assets/", status: 301, redirectsTo: "/assets" },
  { path: "/nope.png", status: 404, html: true },
  { path: "/assets/..%2f..%2fpackage.json", status: 404, html: true },
  // Malformed escapes: no file can have that name, so it is a page the app does not have.
  { path: "/%E0%A4%A", status: 404, html: true },
  // Escapes that decode to what no header may carry (beyond Latin-1, a line break, a quote) or
  // no URL parser takes for a path (a backslash): the page's ETag and its render once got them
  // decoded, a 500 or a failed render.
  { path: "/products/%E2%82%AC", status: 404, html: true },
  { path: "/tr/products/%F0%9F%8C%BF", status: 404, html: true },
  { path: "/products/%0D%0Ax", status: 404, html: true },
  { path: "/products/%22", status: 404, html: true },
  { path: "/%5C", status: 404, html: true },
];

/**
 * Asks for every odd path, plainly and as a browser's navigation, and lists each answer that
 * differs from the expected one (an empty list when all are right).
 */
export async function oddPathMismatches(
  fetchPath: (
    path: string,
    init: RequestInit,
  ) => Promise<{ status: number; headers: { get(name: string): string | null }; arrayBuffer(): Promise<unknown> }>,
) {
  const mismatches: string[] = [];
  for (const expected of oddPaths) {
    const asNavigation: Record<string, string> = { "Sec-Fetch-Mode": "navigate", Accept: "text/html" };
    for (const headers of [{}, asNavigation]) {
      const res = await fetchPath(expected.path, { redirect: "manual", headers });
      await res.arrayBuffer();
      const type = res.headers.get("Content-Type") ?? "";
      const location = res.headers.get("Location");
      const actual = {
        status: res.status,
        ...(location
          ? { redirectsTo: new URL(location, "http://x").pathname + new URL(location, "http://x").search }
          : {}),
        ...(expected.html === undefined ? {} : { html: type.startsWith("text/html") }),
      };
      const { path, ...want } = expected;
      if (JSON.stringify(actual) !== JSON.stringify(want)) {
        mismatches.push(
          `${path} ${JSON.stringify(headers)}: ${JSON.stringify(actual)}, expected ${JSON.stringify(want)}`,
        );
      }
    }
  }
  return mismatches;
}
