import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { localeCookie, localizedPath, splitLocale } from "../../contract/locales.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { chosenLocale } from "./chosen-locale.ts";

/**
 * Photos shared to the installed app reached the server: no service worker took them (the first
 * visit, or a browser without one), so there is nothing to hand the admin page. The answer is
 * that page, in the visitor's chosen language, without the marker (ADR 0095); the photos are
 * never read, let alone kept. The body is cancelled rather than read, so a share of any size
 * costs no memory and no storage on either runtime.
 */
export async function answerShareWithoutWorker(c: Context<AppEnv>): Promise<Response> {
  await c.req.raw.body?.cancel().catch(() => undefined);
  const locale = chosenLocale(getCookie(c, localeCookie.name)) ?? splitLocale(c.req.path).locale;
  c.header("Cache-Control", "no-store");
  return c.redirect(localizedPath("/admin", locale), 303);
}
