import { matchesEtag, readCatalogue, revalidateEveryTime } from "../../catalogue/catalogue-reads.ts";
import { localizedPath } from "../../contract/locales.ts";
import { createRouter } from "../../lib/app-env.ts";
import { shortHash } from "../../lib/short-hash.ts";
import { readSitemapRows, renderSitemap, sitemapEntries } from "./sitemap.ts";

/**
 * Paths crawlers are asked to leave alone: the API and the pages that belong to one visitor or
 * one e-mailed link (web/routes). `/dev/` is the development mailbox (a 404 in production).
 */
export const disallowedPaths = [
  "/admin",
  "/api/",
  "/profile",
  "/signin",
  "/signup",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/verify-success",
  "/dev/",
] as const;

/**
 * What search engines read about the shop as a whole (docs/decisions/0054-found-by-search-engines.md):
 * the sitemap, cached per catalogue version like the pages, and robots.txt. Every address is
 * the configured shop address (ADR 0037), never the request's Host.
 */
export const seoRoutes = createRouter()
  .get("/sitemap.xml", async (c) => {
    const catalogue = await readCatalogue(c);
    const sitemap = await catalogue.page("/sitemap.xml", async () => {
      const xml = renderSitemap(c.var.siteOrigin(), sitemapEntries(await readSitemapRows(c.var.db)));
      // The body's hash beside the version: a deploy that changes how the sitemap is written
      // changes the ETag too.
      return { status: 200, body: new TextEncoder().encode(xml), etag: `"${catalogue.stamp}-${await shortHash(xml)}"` };
    });
    const headers = { ETag: sitemap.etag, "Cache-Control": revalidateEveryTime };
    if (matchesEtag(c, sitemap.etag)) return c.body(null, 304, headers);
    return c.body(sitemap.body, 200, { ...headers, "Content-Type": "application/xml; charset=utf-8" });
  })
  .get("/robots.txt", (c) => {
    const lines = [
      "User-agent: *",
      // The private pages in both languages (issue 40); /api/ and /dev/ have no Turkish copy.
      ...disallowedPaths.map((path) => `Disallow: ${path}`),
      ...disallowedPaths.filter((path) => !path.endsWith("/")).map((path) => `Disallow: ${localizedPath(path, "tr")}`),
      "",
      `Sitemap: ${new URL("/sitemap.xml", c.var.siteOrigin())}`,
      "",
    ];
    // Changes only with the configuration: a day's caching spares crawlers a request each visit.
    return c.text(lines.join("\n"), 200, { "Cache-Control": "public, max-age=86400" });
  });
