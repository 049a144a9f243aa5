import { appShellPath, isAppPage, isRenderedPage } from "../../worker/contract/app-pages.ts";
import { localizedPath, splitLocale } from "../../worker/contract/locales.ts";

/**
 * Which requests the service worker answers as pages (ADR 0018, 0068). Kept apart from sw.ts so
 * unit tests can read them without a service worker's globals.
 */

/**
 * Where the precached app shell is fetched from and kept (vite.config.ts renames index.html's
 * precache entry to it). Not /index.html: Workers Static Assets redirects that to `/`, which is
 * the server-rendered home page, not the empty shell. Any address that is neither a file nor a
 * catalogue page gets the shell from both servers (worker/app.ts), this one included.
 */
export const appShellUrl = appShellPath;

/** The precached shell of the page's language: `/app-shell`, or `/tr/app-shell` for a `/tr/…` page. */
export function appShellUrlFor(url: URL): string {
  return localizedPath(appShellUrl, splitLocale(url.pathname).locale);
}

/**
 * How long a navigation waits for the network before a kept copy is shown instead (ADR 0018:
 * a phone on a slow 3G network gets the server's first byte in about 2.2 s).
 */
export const navigationTimeoutSeconds = 4;

/** Paths the server answers itself and the app never renders: the API and the development mailbox. */
const serverOnly = /^\/(api|dev)(\/|$)/;
/** A file (`/sw.js`, `/images/…/a.jpg`, `/manifest.webmanifest`) opened in the address bar. */
const filePath = /\.[a-z0-9]+$/i;

/** A navigation to a page of the app, as opposed to the API, a development page or a file. */
export function isPageNavigation(request: Request, url: URL): boolean {
  return (
    request.mode === "navigate" &&
    url.origin === self.location.origin &&
    !serverOnly.test(url.pathname) &&
    !filePath.test(url.pathname)
  );
}

/**
 * The pages the server renders (ADR 0007, 0068): `/`, `/products`, `/products/:id`, `/about`,
 * `/privacy`, `/terms`, and the same under `/tr` (ADR 0079). Their copies are kept for offline use.
 */
export function isCataloguePage(url: URL): boolean {
  return isRenderedPage(splitLocale(url.pathname).path);
}

/** An address of the app; any other is a page that does not exist (a 404, online or not). */
export function isKnownPage(url: URL): boolean {
  return isAppPage(splitLocale(url.pathname).path);
}
