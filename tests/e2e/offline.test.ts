import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { expect, onTestFinished, test } from "vitest";
import { queryMatcher, searchTextOf } from "../../web/features/catalogue/product-search.ts";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { productsPageSize } from "../../worker/contract/initial-data.ts";
import {
  expectAccessible,
  holdRequests,
  offlineRequest,
  openApp,
  productPicture,
  screenshot,
  storedCatalogueRecord,
  storedProductIds,
  waitForApp,
} from "../support/browser.ts";
import { getJson } from "../support/server.ts";
import { setUpShop } from "../support/shop-in-browser.ts";

// A shopper on a phone keeps browsing the whole catalogue without a network after one visit
// (issue 14, docs/architecture.md §7): the device's copy in IndexedDB, the service worker's pages and
// pictures, the offline indicator, and the catch-up once the network is back.

const { shop, openPage } = setUpShop();

async function openPhone() {
  const page = await openPage("phone", [offlineRequest]);
  return { page, context: page.context() };
}

/** The paths of the pictures the service worker keeps. */
function keptPictures(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open("images");
    return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
  });
}

/** The search text stored with each product, by id (undefined for a product stored without one). */
async function storedSearchTexts(page: Page): Promise<Record<number, string | undefined>> {
  const list = await storedCatalogueRecord<{ rows: { id: number; searchText?: string }[] }>(page, "lists", "products");
  return Object.fromEntries((list?.rows ?? []).map((row) => [row.id, row.searchText]));
}

/** An object store of an older layout: its key, its indexes and its records. */
type OlderStore = { name: string; keyPath: string; indexes?: string[]; records: unknown[] };

/**
 * Replaces the device's catalogue with a layout an older version of the app stored, at that
 * version's IndexedDB version (Dexie's version × 10). Run from a page that does not start the
 * app, so nothing holds the database open.
 */
function storeOlderLayout(page: Page, version: number, stores: OlderStore[]): Promise<void> {
  return page.evaluate(
    ({ version, stores }) =>
      new Promise<void>((resolve, reject) => {
        const removed = indexedDB.deleteDatabase("dogal-yasam-catalogue");
        removed.onerror = () => reject(removed.error);
        removed.onsuccess = () => {
          const open = indexedDB.open("dogal-yasam-catalogue", version);
          open.onerror = () => reject(open.error);
          open.onupgradeneeded = () => {
            for (const { name, keyPath, indexes = [], records } of stores) {
              const store = open.result.createObjectStore(name, { keyPath });
              for (const index of indexes) store.createIndex(index, index);
              for (const record of records) store.put(record);
            }
          };
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    { version, stores },
  );
}

/**
 * The layout the first offline version stored (Dexie's version 1): a row per product and
 * category with its place in the list, no search texts, and the lists' ETags in a table of
 * their own.
 */
const firstLayout = (products: Product[], categories: Category[]): OlderStore[] => [
  {
    name: "products",
    keyPath: "id",
    indexes: ["position"],
    records: products.map((p, position) => ({ ...p, position })),
  },
  {
    name: "categories",
    keyPath: "id",
    indexes: ["position"],
    records: categories.map((c, position) => ({ ...c, position })),
  },
  { name: "sync", keyPath: "list", records: [{ list: "products", etag: '"old"', checkedAt: Date.now() }] },
];

const productCards = (page: Page) => page.getByRole("main").getByRole("article");
const countText = (page: Page, count: number) =>
  page
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: new RegExp(`^${count} products?$`) });

test("after one visit to the home page the whole catalogue works offline, and catches up when the network is back", async () => {
  const { page, context } = await openPhone();
  const { products, categories } = shop;
  const ids = products.map((p) => p.id).sort((a, b) => a - b);

  // ── Online: one visit to the home page ──
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await expect.poll(() => storedProductIds(page), { timeout: 15_000 }).toEqual(ids);
  const firstPictures = [...new Set(products.flatMap((p) => p.images[0] ?? []))].sort();
  const missingPictures = async () => {
    const kept = new Set(await keptPictures(page));
    return firstPictures.filter((src) => !kept.has(src));
  };
  await expect.poll(missingPictures, { timeout: 15_000 }).toEqual([]);
  expect(await page.getByText("You are offline.").count()).toBe(0);

  // ── Offline ──
  await context.setOffline(true);
  const home = await page.reload();
  expect(home?.fromServiceWorker()).toBe(true);
  const indicator = page.getByRole("status").filter({ hasText: "You are offline." });
  await indicator.filter({ hasText: "Showing the catalogue saved on this device, updated just now." }).waitFor();
  await screenshot(page, "offline-home-phone");
  await expectAccessible(page);

  // The products page, never visited: the whole list from the device, a page at a time.
  await page.getByRole("main").getByRole("link", { name: "View all products" }).first().click();
  await countText(page, products.length).waitFor();
  expect(await productCards(page).count()).toBe(Math.min(products.length, productsPageSize));

  // A category filter and a search, over the device's copy.
  const category = categories[1];
  if (!category) throw new Error("the seed has at least two categories");
  await page.getByRole("group", { name: "Filter by category" }).getByRole("button", { name: category.name }).click();
  const ofCategory = products.filter((p) => p.category_id === category.id);
  await countText(page, ofCategory.length).waitFor();
  await page.getByRole("group", { name: "Filter by category" }).getByRole("button", { name: "All" }).click();
  // The last product with a picture (the seed has products without one: they show the placeholder).
  const wanted = products.findLast((p) => p.images.length > 0) as Product;
  await page.getByRole("searchbox", { name: "Search products" }).fill(wanted.name);
  await productCards(page).filter({ hasText: wanted.name }).first().waitFor();
  await screenshot(page, "offline-products-phone");

  // A product never opened, by its address: the shell from the service worker, the product from
  // the device, its picture from the kept ones.
  const opened = await page.goto(`/products/${wanted.id}`);
  expect(opened?.fromServiceWorker()).toBe(true);
  await page.getByRole("heading", { level: 1, name: wanted.name }).waitFor();
  expect(await productPicture(page)).toBe(new URL(wanted.images[0] ?? "", shop.server.url).href);
  await screenshot(page, "offline-product-phone");

  // A product the device has never heard of: unavailable offline, which is not "not found".
  await page.goto("/products/987654");
  await page.getByRole("heading", { level: 1, name: "Not available offline" }).waitFor();
  expect(await page.getByRole("heading", { name: "Product not found" }).count()).toBe(0);
  await expectAccessible(page);

  // ── Meanwhile on the server: one product renamed, one deleted ──
  const db = createClient({ url: shop.server.databaseUrl });
  onTestFinished(() => db.close());
  const renamed = products[0] as Product;
  const deleted = products[2] as Product;
  await db.execute({ sql: "UPDATE products SET name = ? WHERE id = ?", args: [`${renamed.name} (yeni)`, renamed.id] });
  await db.execute({ sql: "DELETE FROM products WHERE id = ?", args: [deleted.id] });

  await page.getByRole("link", { name: "Browse saved products" }).click();
  await countText(page, products.length).waitFor();

  // ── Back online: the change shows without a reload ──
  await context.setOffline(false);
  await productCards(page)
    .filter({ hasText: `${renamed.name} (yeni)` })
    .waitFor();
  await countText(page, products.length - 1).waitFor();
  expect(await productCards(page).filter({ hasText: deleted.name }).count()).toBe(0);
  await expect.poll(() => page.getByText("You are offline.").count()).toBe(0);
  await expect.poll(() => storedProductIds(page)).toEqual(ids.filter((id) => id !== deleted.id));
});

test("a device's catalogue in a layout this version cannot upgrade is rebuilt without an error", async () => {
  const { page } = await openPhone();
  // A page of the origin that does not start the app, to leave an older database behind first.
  await page.goto("/favicon.svg");
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        // IndexedDB version 1 is Dexie's 0.1, older than the app's; its products are keyed
        // differently, which Dexie cannot change in place.
        const open = indexedDB.open("dogal-yasam-catalogue", 1);
        open.onupgradeneeded = () => {
          const products = open.result.createObjectStore("products", { keyPath: "uuid" });
          products.put({ uuid: "old", name: "An old layout's product" });
          open.result.createObjectStore("etags");
        };
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
      }),
  );

  await openApp(page, "/products");
  const ids = (await getJson<Product[]>(shop.server, "/api/products")).map((p) => p.id).sort((a, b) => a - b);
  await expect.poll(() => storedProductIds(page), { timeout: 15_000 }).toEqual(ids);
  expect(await page.getByText("An old layout's product").count()).toBe(0);
});

test("each product is stored with its search text, and a copy in an earlier build's layout is deleted and rebuilt, then searched whole offline", async () => {
  const { page, context } = await openPhone();
  // As the server has them now (the first test changed two).
  const products = await getJson<Product[]>(shop.server, "/api/products");
  const categories = await getJson<Category[]>(shop.server, "/api/categories");

  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  const folded = Object.fromEntries(products.map((p) => [p.id, searchTextOf(p)]));
  await expect.poll(() => storedSearchTexts(page), { timeout: 15_000 }).toEqual(folded);

  // The device's copy as an earlier build stored it, at the IndexedDB version this layout has
  // now (Dexie's version 1), one product renamed: read, it would show.
  const renamed = products[0] as Product;
  await page.goto("/favicon.svg");
  await storeOlderLayout(
    page,
    10,
    firstLayout([{ ...renamed, name: "An old layout's product" }, ...products.slice(1)], categories),
  );

  // Deleted, not read: once the server's categories are stored the database is open, and while
  // the product list is on its way the old copy's products are nowhere in it.
  const releaseList = await holdRequests(page, "**/api/products");
  await openApp(page, "/products");
  await expect.poll(() => storedCatalogueRecord(page, "sync", "categories"), { timeout: 15_000 }).toBeDefined();
  expect(await storedCatalogueRecord(page, "lists", "products")).toBeUndefined();
  // Rebuilt from the server: every product with its search text.
  await releaseList();
  await expect.poll(() => storedSearchTexts(page), { timeout: 15_000 }).toEqual(folded);
  await productCards(page).filter({ hasText: renamed.name }).first().waitFor();
  expect(await page.getByText("An old layout's product").count()).toBe(0);

  // Offline, the rebuilt copy is all there is: the first page in order, and a product beyond it
  // found by a search.
  await context.setOffline(true);
  await page.goto("/products");
  await waitForApp(page);
  await expect
    .poll(() => productCards(page).locator("h2").allTextContents())
    .toEqual(products.slice(0, productsPageSize).map((p) => p.name));
  const wanted = products.at(-1) as Product;
  expect(products.indexOf(wanted)).toBeGreaterThanOrEqual(productsPageSize);
  const matching = products.filter((p) => queryMatcher(wanted.name, categories)(searchTextOf(p), p.category_id));
  await page.getByRole("searchbox", { name: "Search products" }).fill(wanted.name);
  await countText(page, matching.length).waitFor();
  await productCards(page).filter({ hasText: wanted.name }).first().waitFor();
  // The categories are there too: the filter offers them.
  await page.getByRole("button", { name: categories[0]?.name }).first().waitFor();
});

test("a copy in a later unreleased layout is deleted, not read: the server's whole list replaces it, with its ETag", async () => {
  const { page } = await openPhone();
  const response = await fetch(new URL("/api/products", shop.server.url));
  const etag = response.headers.get("ETag") ?? "";
  expect(etag).not.toBe("");
  const products = (await response.json()) as Product[];
  const first = products[0] as Product;
  // A copy the server's ETag still names, told apart from the server's list by one name: read, it
  // would be kept by a 304; deleted, the server's 200 replaces it.
  const stored = [{ ...first, name: "Kept by its ETag" }, ...products.slice(1)];
  const checkedAt = Date.now() - 60 * 60_000;
  await page.goto("/favicon.svg");
  // Dexie's version 3 of an unreleased build: each list one record, with its ETag and check time in it.
  await storeOlderLayout(page, 30, [
    { name: "lists", keyPath: "list", records: [{ list: "products", rows: stored, etag, checkedAt }] },
  ]);

  await openApp(page, "/products");
  await expect
    .poll(async () => (await storedCatalogueRecord<{ checkedAt: number }>(page, "sync", "products"))?.checkedAt ?? 0, {
      timeout: 15_000,
    })
    .toBeGreaterThan(checkedAt);
  expect(await storedCatalogueRecord(page, "sync", "products")).toMatchObject({ list: "products", etag });
  const list = await storedCatalogueRecord<{ rows: Product[] }>(page, "lists", "products");
  expect(list?.rows.map((p) => p.name)).toEqual(products.map((p) => p.name));
  expect(Object.keys(list ?? {}).sort()).toEqual(["list", "rows"]);
  await productCards(page).filter({ hasText: first.name }).first().waitFor();
  expect(await page.getByText("Kept by its ETag").count()).toBe(0);
});
