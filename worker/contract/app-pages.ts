/**
 * The app's addresses, as the server and the service worker answer them (ADR 0068). Every
 * route of web/routes/ is in exactly one list (tests/unit/app-pages.test.ts reads the route
 * tree); any other address is a page that does not exist: a 404 with the not-found page.
 */

/** Public pages without catalogue data of their own, rendered on the server like the catalogue's. */
export const staticPages = ["/about", "/privacy", "/terms"] as const;
export type StaticPage = (typeof staticPages)[number];

/**
 * Pages of one visitor or one e-mailed link (robots.txt disallows them): the plain app shell,
 * rendered in the browser, where the session is.
 */
export const shellPages = [
  "/signup",
  "/signin",
  "/reset-password",
  "/profile",
  "/admin",
  "/verify-success",
  "/verify-email",
  "/confirm-email",
] as const;

/**
 * Where the service worker fetches the shell it precaches (web/service-worker/routes.ts): a
 * shell page too, though no link leads there.
 */
export const appShellPath = "/app-shell";

/** The pages the server renders: `/`, `/products`, `/products/:id` and the static pages. */
export function isRenderedPage(pathname: string): boolean {
  return (
    pathname === "/" ||
    pathname === "/products" ||
    /^\/products\/[^/]+$/.test(pathname) ||
    (staticPages as readonly string[]).includes(pathname)
  );
}

/** Any address of the app, rendered on the server or in the browser. */
export function isAppPage(pathname: string): boolean {
  return isRenderedPage(pathname) || (shellPages as readonly string[]).includes(pathname) || pathname === appShellPath;
}
