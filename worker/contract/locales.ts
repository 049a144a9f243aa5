/**
 * The shop's two languages and their addresses (issue 40, ADR 0079): English at SPEC's paths,
 * Turkish at the same paths under `/tr` (`/tr`, `/tr/products?category=2`, `/tr/products/7`).
 * The server, the service worker and the router's rewrite (web/router.tsx) all read an address
 * through these two functions, so they agree on what is Turkish.
 */
export const locales = ["en", "tr"] as const;
export type Locale = (typeof locales)[number];

/** The language of the addresses without a prefix: SPEC's own pages. */
export const baseLocale: Locale = "en";

const turkishPrefix = "/tr";

/**
 * The language an address is in, and the address as the English pages name it.
 *
 * @example splitLocale("/tr/products/7") // { locale: "tr", path: "/products/7" }
 * @example splitLocale("/trees")         // { locale: "en", path: "/trees" }
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === turkishPrefix || pathname.startsWith(`${turkishPrefix}/`)) {
    return { locale: "tr", path: pathname.slice(turkishPrefix.length) || "/" };
  }
  return { locale: "en", path: pathname };
}

/**
 * An English page's path (with its query or fragment, if any) in `locale`.
 *
 * @example localizedPath("/products?category=2", "tr")    // "/tr/products?category=2"
 * @example localizedPath("/", "tr")                       // "/tr"
 * @example localizedPath("/reset-password#token=x", "tr") // "/tr/reset-password#token=x"
 */
export function localizedPath(path: `/${string}`, locale: Locale): `/${string}` {
  if (locale === baseLocale) return path;
  return /^\/(?:[?#]|$)/.test(path) ? `${turkishPrefix}${path.slice(1)}` : `${turkishPrefix}${path}`;
}

/**
 * The language a visitor chose with the switch, remembered on the device for a year: a later
 * visit to the other language's address is sent to the chosen one's (issue 40).
 */
export const localeCookie = { name: "locale", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

/**
 * Where the page leaves the chosen language for the service worker, which cannot read cookies:
 * offline, it sends a page of the other language to the chosen one's address as the server does.
 */
export const localeChoiceCache = { name: "locale-choice", key: "/locale-choice" } as const;
