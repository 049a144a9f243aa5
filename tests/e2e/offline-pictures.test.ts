import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { expect, onTestFinished, test } from "vitest";
import {
  failOnPageErrors,
  goOfflineWithoutHttpCache,
  openApp,
  phoneContext,
  productPicture,
  screenshot,
  storedProductIds,
} from "../support/browser.ts";
import { multipart, photoVariants, variantParts } from "../support/photos.ts";
import { startPictureHost } from "../support/picture-host.ts";
import { type ShopInBrowser, setUpShopInBrowser } from "../support/shop-in-browser.ts";

// Product pictures an admin links from other https hosts (docs/product.md §3: images are URLs), offline
// (issue 14, ADR 0025): every product's first picture is kept after one visit when its host lets
// the service worker read it; a host that does not has its pictures kept as they are shown.

const shop = {} as ShopInBrowser;
// The picture hosts' certificates are self-signed.
setUpShopInBrowser((started) => Object.assign(shop, started), {}, ["--ignore-certificate-errors"]);

/** The addresses a cache of the service worker holds. */
function cached(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => request.url).sort();
  }, cacheName);
}

test("after one visit, the first pictures of products never opened are kept from a host that allows it; another host's as shown", async () => {
  const readable = await startPictureHost({ cors: true });
  onTestFinished(() => readable.close());
  const refusing = await startPictureHost({ cors: false });
  onTestFinished(() => refusing.close());

  // Products past the home page's featured ones, so no page shows them before the test opens them.
  const [r1, r2, r3, o1, o2] = shop.products.slice(-5);
  if (!r1 || !r2 || !r3 || !o1 || !o2) throw new Error("the seed has at least 8 products");
  const pictures = (host: string, name: string) => [`${host}/pictures/${name}.svg`, `${host}/pictures/${name}-2.svg`];
  const linked = new Map([
    [r1.id, pictures(readable.origin, "r1")],
    [r2.id, pictures(readable.origin, "r2")],
    [r3.id, pictures(readable.origin, "r3")],
    [o1.id, pictures(refusing.origin, "o1")],
    [o2.id, pictures(refusing.origin, "o2")],
  ]);
  const db = createClient({ url: shop.server.databaseUrl });
  onTestFinished(() => db.close());
  for (const [id, images] of linked) {
    await db.execute({ sql: "UPDATE products SET images = ? WHERE id = ?", args: [JSON.stringify(images), id] });
  }

  const context = await phoneContext(shop.browser, shop.server.url);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  // Offline, a picture not kept fails (the page shows the placeholder instead): the browser says so.
  const notKept = (host: string) => new RegExp(`Failed to load resource: net::ERR_FAILED \\(${host}/pictures/`);
  failOnPageErrors(page, [
    /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
    notKept(readable.origin),
    notKept(refusing.origin),
  ]);

  // ── Online: one visit to the home page ──
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  const ids = shop.products.map((p) => p.id).sort((a, b) => a - b);
  await expect.poll(() => storedProductIds(page), { timeout: 15_000 }).toEqual(ids);
  // The readable host's first pictures, each once; not the second pictures, nor the other host's.
  const firstReadable = [r1, r2, r3].map((p) => linked.get(p.id)?.[0]).sort();
  await expect.poll(() => cached(page, "external-first-images"), { timeout: 15_000 }).toEqual(firstReadable);
  // The refusing host is asked for its first picture only: the rest of it is not tried.
  const triedWithCors = new Set(refusing.requests.filter((r) => r.mode === "cors").map((r) => r.path));
  expect(triedWithCors.size).toBe(1);

  // A product of the refusing host opened online: its pictures are shown, and kept as shown.
  await openApp(page, `/products/${o1.id}`);
  expect(await productPicture(page)).toBe(linked.get(o1.id)?.[0]);
  await expect.poll(() => cached(page, "external-images")).toEqual([...(linked.get(o1.id) ?? [])].sort());

  // ── Offline ──
  await context.setOffline(true);
  // A product never opened: its picture from the kept ones, not the placeholder.
  await openApp(page, `/products/${r2.id}`);
  expect(await productPicture(page)).toBe(linked.get(r2.id)?.[0]);
  await screenshot(page, "offline-product-other-host-phone");
  // The one opened online comes back with its picture.
  await openApp(page, `/products/${o1.id}`);
  expect(await productPicture(page)).toBe(linked.get(o1.id)?.[0]);
  // The refusing host's product never opened: the placeholder, not a broken picture.
  await openApp(page, `/products/${o2.id}`);
  expect(await productPicture(page)).toMatch(/\/images\/placeholder\.svg$/);
});

test("after one visit, a stored photo's card variant is kept for the products never opened, and shown offline (issue 41)", async () => {
  // A photo uploaded as the admin's device does (ADR 0089), a product's only picture.
  const signIn = await fetch(new URL("/api/auth/token?grant_type=password", shop.server.url), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: shop.server.adminEmail, password: shop.server.adminPassword }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const variants = await photoVariants(1600, 1200, "webp");
  const { body, contentType } = multipart(variantParts(variants, "webp"));
  const stored = await fetch(new URL("/api/admin/images", shop.server.url), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": crypto.randomUUID(), "Content-Type": contentType },
    body,
  });
  expect(stored.status).toBe(201);
  const { src } = (await stored.json()) as { src: string };
  // Past the home page's featured products (3) and on the products page's first page (12).
  const product = shop.products[5];
  if (!product) throw new Error("the seed has products");
  const db = createClient({ url: shop.server.databaseUrl });
  onTestFinished(() => db.close());
  await db.execute({ sql: "UPDATE products SET images = ? WHERE id = ?", args: [JSON.stringify([src]), product.id] });

  const context = await phoneContext(shop.browser, shop.server.url);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  failOnPageErrors(page, [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/]);
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  // The phone's cards are 390 px at 2×: the 960 px variant is the one kept, not the 1600 px one listed.
  const cardVariant = new URL(src.replace("-1600.webp", "-960.webp"), shop.server.url).href;
  await expect.poll(() => cached(page, "images"), { timeout: 15_000 }).toContain(cardVariant);
  expect(await cached(page, "images")).not.toContain(new URL(src, shop.server.url).href);

  // Offline for days: the HTTP cache emptied, the products page opened for the first time.
  await goOfflineWithoutHttpCache(page);
  await openApp(page, "/products");
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: product.name }).locator("img");
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(() => card.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).currentSrc))
    .toBe(cardVariant);
  expect(await card.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, "offline-stored-photo-card-phone", { fullPage: false });
});
