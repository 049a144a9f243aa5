import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { appShellPath, isAppPage } from "../../contract/app-pages.ts";
import { type Locale, localeCookie, locales, localizedPath, splitLocale } from "../../contract/locales.ts";
import type { AppEnv } from "../../lib/app-env.ts";

/** The language the visitor chose with the switch (its cookie), if any. */
export function chosenLocale(cookie: string | undefined): Locale | undefined {
  return (locales as readonly string[]).includes(cookie ?? "") ? (cookie as Locale) : undefined;
}

/**
 * A page asked for in the language the visitor did not choose is sent to the chosen one's
 * address (302, same query): a bookmark or a shared link opens in the visitor's language, and so
 * does the installed app's start page (issue 40). Without a choice nothing is redirected: search
 * engines and first visits see each address as it is. The shells the service worker precaches
 * are never redirected: each must stay its own language's.
 */
export const redirectToChosenLocale: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
  const chosen = chosenLocale(getCookie(c, localeCookie.name));
  if (!chosen) return next();
  const { locale, path } = splitLocale(c.req.path);
  if (locale === chosen || path === appShellPath || !isAppPage(path)) return next();
  const { search } = new URL(c.req.url);
  c.header("Cache-Control", "no-store");
  return c.redirect(`${localizedPath(path as `/${string}`, chosen)}${search}`, 302);
};
