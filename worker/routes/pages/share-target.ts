import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { localeCookie, localizedPath, splitLocale } from "../../contract/locales.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { chosenLocale } from "./chosen-locale.ts";

/**
 * Photos shared to the installed app reached the server: no service worker took them (the first
 * visit, or a browser without one), so there is nothing to hand the admin page. The answer is
 * that page, in the visitor's chosen language, without the marker (ADR 0095); the photos are
 * never parsed nor kept. The body is read to its end and dropped chunk by chunk (ADR 0104): a
 * server that answers before the upload ends and closes the connection breaks the sender's
 * write, so the phone would see a failed share instead of the admin page. Draining costs a
 * chunk of memory at a time, whatever the share's size.
 */
export async function answerShareWithoutWorker(c: Context<AppEnv>): Promise<Response> {
  await c.req.raw.body?.pipeTo(new WritableStream()).catch(() => undefined);
  const locale = chosenLocale(getCookie(c, localeCookie.name)) ?? splitLocale(c.req.path).locale;
  c.header("Cache-Control", "no-store");
  return c.redirect(localizedPath("/admin", locale), 303);
}
