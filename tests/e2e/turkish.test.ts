import type { Page } from "playwright-core";
import { expect, onTestFinished, test } from "vitest";
import {
  expectAccessible,
  expectProductsShown,
  failOnPageErrors,
  goOfflineWithoutHttpCache,
  offlineRequest,
  openApp,
  phoneContext,
  reloadOfflineWithoutHttpCache,
  screenshot,
  storedProductIds,
  waitForApp,
} from "../support/browser.ts";
import { setUpShop } from "../support/shop-in-browser.ts";

// Issue 40 in the browser (ADR 0079): a shopper on a phone browses the Turkish pages, filters,
// searches with Turkish letters, switches language, and goes on offline in Turkish.

const { shop, openPage } = setUpShop();

/** The products screen's count in Turkish: one form for every number. */
const turkishCount = (count: number) => `${count} ürün`;

const byName = (name: string) => {
  const product = shop.products.find((p) => p.name === name);
  if (!product) throw new Error(`no seeded product named ${name}`);
  return product;
};

/** The address bar's path and query. */
const address = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

test("a shopper browses, filters, searches and shares in Turkish on a phone, and switches to English on the same page", async () => {
  const page = await openPage("phone");
  await openApp(page, "/tr");
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
  await page.getByRole("heading", { level: 1, name: "Beden ve zihin için doğal, nazik bakım" }).waitFor();
  await screenshot(page, "turkish-home-phone");

  // The menu's Products link stays in Turkish.
  await page.getByRole("button", { name: "Menü" }).click();
  await page
    .getByRole("navigation", { name: "Mobil menü" })
    .getByRole("link", { name: "Ürünler", exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === "/tr/products");
  await page.getByRole("heading", { level: 1, name: "Ürünler" }).waitFor();

  // A category chip: the address keeps /tr and gains the query.
  const [category] = shop.categories;
  if (!category) throw new Error("no seeded category");
  await page
    .getByRole("group", { name: "Kategoriye göre filtrele" })
    .getByRole("button", { name: category.name })
    .click();
  await page.waitForURL(
    (url) => url.pathname === "/tr/products" && url.searchParams.get("category") === String(category.id),
  );
  await expectProductsShown(
    page,
    shop.products.filter((p) => p.category_id === category.id),
    turkishCount,
  );

  // Search with Turkish letters, folded the Turkish way: "ISIRGAN" finds "Isırgan Otu Çayı".
  await page.getByRole("group", { name: "Kategoriye göre filtrele" }).getByRole("button", { name: "Tümü" }).click();
  await page.waitForURL((url) => url.pathname === "/tr/products" && url.search === "");
  const search = page.getByRole("searchbox", { name: "Ürünlerde ara" });
  await search.fill("ISIRGAN");
  await expectProductsShown(page, [byName("Isırgan Otu Çayı")], turkishCount);
  await search.fill("iğde");
  await expectProductsShown(page, [byName("İğde Unu")], turkishCount);
  await search.fill("zzz böyle bir ürün yok");
  await page.getByText("Aradığınız ölçütlere uygun ürün bulunamadı.").waitFor();
  await search.fill("");
  await screenshot(page, "turkish-products-phone");
  await expectAccessible(page);

  // A product, then the same product in English from the menu's switch, remembered for a year.
  const product = byName("Isırgan Otu Çayı");
  await openApp(page, `/tr/products/${product.id}`);
  await page.getByRole("heading", { level: 1, name: product.name }).waitFor();

  // Share: with no Web Share API here, the Turkish address is copied, so the link opens (and
  // previews) in Turkish.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  });
  await page.getByRole("main").getByRole("button", { name: "Paylaş" }).click();
  await page.getByRole("main").getByRole("status").filter({ hasText: "Bağlantı kopyalandı" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${new URL(page.url()).origin}/tr/products/${product.id}`,
  );

  await page.getByRole("button", { name: "Menü" }).click();
  await page.getByRole("navigation", { name: "Mobil menü" }).getByRole("link", { name: "English" }).click();
  await page.waitForURL((url) => url.pathname === `/products/${product.id}`);
  await waitForApp(page);
  expect(await page.locator("html").getAttribute("lang")).toBe("en");
  await page
    .getByRole("link", { name: /Buy on Etsy/ })
    .first()
    .waitFor();
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === "locale");
  expect(cookie?.value).toBe("en");
  expect(cookie?.sameSite).toBe("Lax");
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  // And back, with the query kept.
  await openApp(page, `/products?category=${category.id}`);
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Türkçe" }).click();
  await page.waitForURL(
    (url) => address(page) === `/tr/products?category=${category.id}` && url.pathname.startsWith("/tr"),
  );
  await waitForApp(page);
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
});

test("after one visit to a Turkish page the catalogue works offline in Turkish, from a device without its HTTP cache", async () => {
  const page = await openPage("phone", [offlineRequest]);
  await openApp(page, "/tr/products");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  const ids = shop.products.map((p) => p.id).sort((a, b) => a - b);
  await expect.poll(() => storedProductIds(page), { timeout: 15_000 }).toEqual(ids);

  // The page visited: its kept copy, in Turkish.
  const reloaded = await reloadOfflineWithoutHttpCache(page);
  expect(reloaded?.fromServiceWorker()).toBe(true);
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
  await page.getByRole("status").filter({ hasText: "Çevrimdışısınız." }).first().waitFor();

  // A page never visited: the Turkish shell from the precache, its code too.
  const product = byName("İğde Unu");
  const opened = await page.goto(`/tr/products/${product.id}`);
  expect(opened?.fromServiceWorker()).toBe(true);
  await waitForApp(page);
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
  await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
  await page.getByRole("link", { name: "Hakkımızda" }).first().waitFor();
  await page.goto("/tr/signup");
  await waitForApp(page);
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
  await screenshot(page, "turkish-offline-signup-phone");
});

test("a phone whose browser prefers Turkish is offered the Turkish page once, and a chosen language opens wherever the link pointed", async () => {
  const context = await phoneContext(shop.browser, shop.server.url, { locale: "tr-TR" });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  failOnPageErrors(page);

  // No choice made: no redirect, a small Turkish bar instead.
  const response = await page.goto("/products?category=1");
  expect(response?.status()).toBe(200);
  await waitForApp(page);
  expect(address(page)).toBe("/products?category=1");
  const bar = page.getByRole("complementary", { name: "Türkçe sayfa önerisi" });
  await bar.waitFor();
  expect(await bar.getAttribute("lang")).toBe("tr");
  await screenshot(page, "turkish-suggestion-phone");

  // Dismissed: gone, and not offered again.
  await bar.getByRole("button", { name: "Kapat" }).click();
  await bar.waitFor({ state: "detached" });
  await page.reload();
  await waitForApp(page);
  expect(await bar.count()).toBe(0);

  // Chosen from the switch: every English address now opens in Turkish, query and all.
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Türkçe" }).click();
  await page.waitForURL((url) => url.pathname === "/tr/products");
  await page.goto("/products?category=1&temperament=sanguine");
  await waitForApp(page);
  expect(address(page)).toBe("/tr/products?category=1&temperament=sanguine");
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
});

test("offline, the installed app opens in the language last chosen", async () => {
  const page = await openPage("phone", [offlineRequest]);
  // A first visit in English, the service worker in place, then Turkish chosen with the switch.
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Türkçe" }).click();
  await page.waitForURL((url) => url.pathname === "/tr");
  await waitForApp(page);

  await goOfflineWithoutHttpCache(page);

  // The app's start address, "/", kept in English from the first visit: the Turkish page instead.
  await page.goto("/");
  await waitForApp(page);
  expect(address(page)).toBe("/tr");
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
  await page.getByRole("heading", { level: 1, name: "Beden ve zihin için doğal, nazik bakım" }).waitFor();
  // A page never visited, by its English address: the Turkish shell.
  await page.goto("/about");
  await waitForApp(page);
  expect(address(page)).toBe("/tr/about");
  await page.getByRole("heading", { level: 1, name: "Büyükannemin bahçesinden evinize" }).waitFor();
});
