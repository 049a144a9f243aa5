/// <reference lib="webworker" />

import { adminCode } from "virtual:admin-code";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import type { WorkboxPlugin } from "workbox-core";
import { clientsClaim } from "workbox-core";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import { localeChoiceCache, localizedPath, splitLocale } from "../../worker/contract/locales.ts";
import { ownPicturesCache } from "../../worker/contract/photos.ts";
import { sharedFileNameHeader, shareTarget } from "../../worker/contract/share-target.ts";
import { appShellUrlFor, isCataloguePage, isKnownPage, isPageNavigation, navigationTimeoutSeconds } from "./routes.ts";

/**
 * The shop's service worker (ADR 0018). Navigations go to the network first: the catalogue
 * pages are rendered by the server with their data, and while online that is what a shopper
 * gets. Offline (or past the timeout) a server-rendered page comes from the copy kept when it
 * was last loaded, any other page from the precached app shell, which renders in the browser.
 * `/api/` is never answered here: the catalogue store keeps its own data (Dexie).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell and the shopper's chunks (vite.config.ts leaves the admin's out).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes the open pages at once, so the page that installed it works offline.
// An update waits for the shopper's "Reload" (registerType "prompt"): see the message below.
clientsClaim();
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

/**
 * Offline, a page asked for in the language the visitor did not choose goes to the chosen one's
 * address, as the servers send it online (worker/routes/pages/chosen-locale.ts); the page leaves
 * the choice in Cache Storage (web/lib/locale-choice.ts), since a service worker reads no cookie.
 */
async function redirectToChosenLocale(request: Request): Promise<Response | undefined> {
  const kept = await (await self.caches.open(localeChoiceCache.name)).match(localeChoiceCache.key);
  const chosen = kept ? await kept.text() : undefined;
  const url = new URL(request.url);
  const { locale, path } = splitLocale(url.pathname);
  if ((chosen !== "en" && chosen !== "tr") || chosen === locale) return undefined;
  return Response.redirect(
    new URL(`${localizedPath(path as `/${string}`, chosen)}${url.search}`, url.origin).href,
    302,
  );
}

/**
 * Photos shared to the installed app (the manifest's share_target, ADR 0095): kept in Cache
 * Storage, each under its place in the share, replacing any earlier share not yet opened, then
 * the admin page of the chosen language (else the action's) with the marker, which reads them
 * into a new product form for a signed-in admin and deletes them for anyone else. 303: the
 * browser follows with a GET, and Back does not post the photos again.
 */
async function keepSharedPhotos(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const form = await request.formData().catch(() => undefined);
  const files = (form?.getAll(shareTarget.filesField) ?? []).filter(
    (file): file is File => typeof file !== "string" && file.size > 0,
  );
  await self.caches.delete(shareTarget.cache);
  if (files.length > 0) {
    const cache = await self.caches.open(shareTarget.cache);
    await Promise.all(
      files.map((file, place) =>
        cache.put(
          new Request(new URL(`/${shareTarget.cache}/${place}`, url.origin)),
          new Response(file, {
            headers: { "Content-Type": file.type, [sharedFileNameHeader]: encodeURIComponent(file.name) },
          }),
        ),
      ),
    );
  }
  const kept = await (await self.caches.open(localeChoiceCache.name)).match(localeChoiceCache.key);
  const chosen = kept ? await kept.text() : undefined;
  const locale = chosen === "en" || chosen === "tr" ? chosen : splitLocale(url.pathname).locale;
  const admin = localizedPath(`/admin?${shareTarget.marker}=1`, locale);
  return Response.redirect(new URL(admin, url.origin).href, 303);
}
registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" &&
    url.origin === self.location.origin &&
    splitLocale(url.pathname).path === shareTarget.action,
  ({ request }) => keepSharedPhotos(request),
  "POST",
);

/**
 * Offline, a page without a kept copy is the precached shell of its language (ADR 0079), and a
 * kept copy of the other language than the chosen one is not shown.
 */
const shellFallback: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
    cachedResponse && ((await redirectToChosenLocale(request)) ?? cachedResponse),
  handlerDidError: async ({ request }) =>
    (await redirectToChosenLocale(request)) ?? matchPrecache(appShellUrlFor(new URL(request.url))),
};

const pagesCacheName = "catalogue-pages";
const pageLimits = { maxEntries: 50, maxAgeSeconds: 30 * 24 * 60 * 60 };
const cataloguePages = new NetworkFirst({
  cacheName: pagesCacheName,
  networkTimeoutSeconds: navigationTimeoutSeconds,
  // Only a page as it should be: a missing product's 404 or a 500 is not kept for offline.
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ ...pageLimits, purgeOnQuotaError: true }),
    shellFallback,
  ],
});

registerRoute(({ request, url }) => isPageNavigation(request, url) && isCataloguePage(url), cataloguePages);
// The app's other pages are the shell on the server too; the network's copy is still preferred
// so a deploy shows at once.
registerRoute(
  ({ request, url }) => isPageNavigation(request, url) && isKnownPage(url),
  new NetworkOnly({ networkTimeoutSeconds: navigationTimeoutSeconds, plugins: [shellFallback] }),
);
// An address the app does not have: the server's 404 page online; offline the shell, whose
// router shows the not-found screen, still with the status 404 (ADR 0068). Never kept.
registerRoute(
  ({ request, url }) => isPageNavigation(request, url),
  new NetworkOnly({
    networkTimeoutSeconds: navigationTimeoutSeconds,
    plugins: [
      {
        handlerDidError: async ({ request }) => {
          const chosen = await redirectToChosenLocale(request);
          if (chosen) return chosen;
          const url = new URL(request.url);
          const shell = await matchPrecache(appShellUrlFor(url));
          return shell && new Response(shell.body, { status: 404, statusText: "Not Found", headers: shell.headers });
        },
      },
    ],
  }),
);

// The admin's code (ADR 0070). The precache leaves it out, so shoppers never download it; on a
// device where the administrator has signed in, every file of it is kept here, asked for as a
// whole (KEEP_ADMIN_CODE), whatever the page fetched before this worker controlled it. A new
// version fetches its own files while it installs and drops the previous version's as it takes
// over, so the kept code is always the version that runs. The list is every file the admin
// route reaches (web/vite-plugins/admin-code.ts), less what the precache already holds.
const adminCodeCacheName = "admin-code";
const adminOnly = adminCode.filter((path) => getCacheKeyForURL(path) === undefined);
const adminOnlyPaths = new Set(adminOnly);

/** Whether this device keeps the admin's code (from an earlier version, or the sign-in's request). */
async function keepsAdminCode(): Promise<boolean> {
  if (!(await self.caches.has(adminCodeCacheName))) return false;
  return (await (await self.caches.open(adminCodeCacheName)).keys()).length > 0;
}

/** Stores the files of this version's list not yet kept; all of them or, on a failed fetch, none. */
async function keepAdminCode(): Promise<void> {
  const cache = await self.caches.open(adminCodeCacheName);
  const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  await cache.addAll(adminOnly.filter((path) => !kept.has(path)));
}

/** What an earlier version kept that this one's pages never ask for. */
async function dropOtherVersionsAdminCode(): Promise<void> {
  if (!(await self.caches.has(adminCodeCacheName))) return;
  const cache = await self.caches.open(adminCodeCacheName);
  const stale = (await cache.keys()).filter((request) => !adminOnlyPaths.has(new URL(request.url).pathname));
  await Promise.all(stale.map((request) => cache.delete(request)));
}

// A version on the admin's device is complete before it can take over: its install fails (and
// is tried again later, the running version going on) when its admin files cannot be fetched.
self.addEventListener("install", (event) => {
  event.waitUntil(keepsAdminCode().then((keeps) => (keeps ? keepAdminCode() : undefined)));
});

// The page of a signed-in administrator asks, and hears whether every file is kept.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "KEEP_ADMIN_CODE") return;
  const [port] = event.ports;
  event.waitUntil(
    keepAdminCode().then(
      () => port?.postMessage({ kept: true }),
      () => port?.postMessage({ kept: false }),
    ),
  );
});

// Only the kept copy or the network: a file fetched without the sign-in's request (a member who
// opened /admin) is not kept, so only the administrator's devices download the admin's code.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && adminOnlyPaths.has(url.pathname),
  async ({ request }) => {
    const cache = await self.caches.open(adminCodeCacheName);
    return (await cache.match(request, { ignoreVary: true })) ?? fetch(request);
  },
);

// Product pictures: same-origin ones and the https ones an admin may link. Their addresses
// change when the picture does, so the first copy is kept; the bounds keep storage small.
const imageCache = (cacheName: string, maxEntries: number, statuses: number[]) =>
  new CacheFirst({
    cacheName,
    // A picture host's CORS answer may vary on Origin, which an <img>'s own request lacks.
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses }),
      new ExpirationPlugin({ maxEntries, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  });
// Everything under /images/ is a picture; matched by address alone, so the pictures a page
// showed before this worker controlled it can be stored the same way (the message below).
// Bound above a real shop's size: the catalogue store hands over every product's first picture
// (1,000 products) for the products never opened.
const ownImages = imageCache(ownPicturesCache, 2000, [200]);
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/images/"), ownImages);

// Another host's pictures, kept ahead like the shop's own when that host lets the worker read
// them (CORS): then they count at their size. A host that does not sends them opaque, and
// Chromium counts each opaque response as megabytes of quota, so those are kept only as shown,
// the most recent 60 (ADR 0025).
const externalFirstImagesName = "external-first-images";
const externalFirstImages = imageCache(externalFirstImagesName, 2000, [200]);
const shownExternalImages = imageCache("external-images", 60, [0, 200]);
registerRoute(
  ({ request, url, sameOrigin }) => !sameOrigin && request.destination === "image" && url.protocol === "https:",
  async (options) => {
    const cache = await self.caches.open(externalFirstImagesName);
    return (await cache.match(options.request, { ignoreVary: true })) ?? shownExternalImages.handle(options);
  },
);

/**
 * Keeps pictures ahead of their being shown: the shop's own, and other https hosts' read
 * through CORS. A host that refuses the first of its pictures is not asked for the rest.
 */
async function keepImages(event: ExtendableEvent, urls: URL[]): Promise<void> {
  // Resolves once the picture is stored (or was already), rejects when it could not be fetched.
  const keep = (strategy: CacheFirst, request: Request) => Promise.all(strategy.handleAll({ event, request }));
  const keepExternal = (url: URL) => keep(externalFirstImages, new Request(url, { mode: "cors", credentials: "omit" }));
  const hosts = new Map<string, URL[]>();
  for (const url of urls) {
    if (url.origin === self.location.origin || url.protocol !== "https:") continue;
    const ofHost = hosts.get(url.origin) ?? [];
    ofHost.push(url);
    hosts.set(url.origin, ofHost);
  }
  await Promise.allSettled([
    ...urls
      .filter((url) => url.origin === self.location.origin && url.pathname.startsWith("/images/"))
      .map((url) => keep(ownImages, new Request(url))),
    ...[...hosts.values()].map(async ([first, ...rest]) => {
      if (first) await keepExternal(first);
      await Promise.allSettled(rest.map(keepExternal));
    }),
  ]);
}

// The pictures a page showed before this worker controlled it (web/features/app-update/), and
// every product's first picture (web/features/catalogue/catalogue-store.ts).
self.addEventListener("message", (event) => {
  if (event.data?.type !== "CACHE_IMAGES" || !Array.isArray(event.data.urls)) return;
  const urls = (event.data.urls as unknown[]).flatMap((url) => {
    if (typeof url !== "string" || !URL.canParse(url, self.location.href)) return [];
    return [new URL(url, self.location.href)];
  });
  event.waitUntil(keepImages(event, urls));
});

/**
 * A new version's pages name the new version's script chunks, and the previous version's are
 * gone from the precache: its kept pages would load offline without their app. So they go when
 * a version takes over, and the catalogue pages open right now are stored again (also the page
 * that installed the first version: its navigation came before any service worker). The previous
 * version's admin files go too.
 */
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await dropOtherVersionsAdminCode();
      await self.caches.delete(pagesCacheName);
      await new CacheExpiration(pagesCacheName, pageLimits).delete(); // the plugin's bookkeeping
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.map((client) => new URL(client.url)).filter(isCataloguePage);
      await Promise.allSettled(open.map((url) => cataloguePages.handleAll({ event, request: new Request(url) })[1]));
    })(),
  );
});
