import { type Locale, localeChoiceCache, localeCookie } from "../../worker/contract/locales.ts";

/** The language chosen on this device with the switch (its cookie), if any. */
export function readLocaleChoice(): Locale | undefined {
  const value = new RegExp(`(?:^|; )${localeCookie.name}=(en|tr)(?:;|$)`).exec(document.cookie)?.[1];
  return value as Locale | undefined;
}

/**
 * Remembers `locale` as the visitor's choice: the cookie the servers read (one year, SameSite=Lax)
 * and its copy for the service worker offline. Resolves once both are written, so the page that
 * follows is asked for with them.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party cookie; the Cookie Store API is not in every browser
  document.cookie = `${localeCookie.name}=${locale}; Max-Age=${localeCookie.maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  await copyForServiceWorker(locale);
}

/** Keeps the service worker's copy of the choice in step with the cookie (run as each page starts). */
export async function syncLocaleChoice(): Promise<void> {
  const chosen = readLocaleChoice();
  if (chosen) await copyForServiceWorker(chosen);
}

async function copyForServiceWorker(locale: Locale): Promise<void> {
  if (!("caches" in window)) return;
  try {
    const cache = await caches.open(localeChoiceCache.name);
    await cache.put(localeChoiceCache.key, new Response(locale));
  } catch {
    // Storage refused (private mode, quota): online, the cookie alone decides.
  }
}
