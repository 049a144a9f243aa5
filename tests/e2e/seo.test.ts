import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { openApp } from "../support/browser.ts";
import { openShopPage, type ShopInBrowser, setUpShopInBrowser } from "../support/shop-in-browser.ts";

// Issue 31 in the browser, on the built app (docs/decisions/0054-found-by-search-engines.md): the
// head follows the shopper between screens, and the service worker leaves /sitemap.xml and
// /robots.txt to the server.

const shop = {} as ShopInBrowser;
setUpShopInBrowser((started) => Object.assign(shop, started));

const openPage = () => openShopPage(shop, "desktop");

const headOf = (page: Page) =>
  page.evaluate(() => ({
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    structuredData: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => (JSON.parse(script.textContent ?? "") as { "@type": string })["@type"],
    ),
  }));

test("the canonical link follows the shopper between screens; the JSON-LD is there only on the page served", async () => {
  const page = await openPage();
  await openApp(page, "/?utm_source=newsletter");
  const served = await headOf(page);
  const origin = new URL(served.canonical ?? "").origin;
  expect(served).toEqual({ canonical: `${origin}/`, structuredData: ["Organization", "WebSite"] });

  const product = shop.products[0] as Product;
  await page
    .getByRole("region", { name: "Featured products" })
    .getByRole("link", { name: product.name, exact: true })
    .click();
  await page.waitForURL(`**/products/${product.id}`);
  await expect.poll(() => headOf(page)).toEqual({ canonical: `${origin}/products/${product.id}`, structuredData: [] });

  await page.goBack();
  await page.waitForURL("**/?utm_source=newsletter");
  await expect.poll(() => headOf(page)).toEqual(served);
});

test("with the service worker in control, /sitemap.xml and /robots.txt come from the server", async () => {
  const page = await openPage();
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");

  const sitemap = await page.goto("/sitemap.xml");
  expect(sitemap?.status()).toBe(200);
  expect(sitemap?.fromServiceWorker()).toBe(false);
  expect(sitemap?.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(await sitemap?.text()).toContain(`/products/${(shop.products[0] as Product).id}</loc>`);

  const robots = await page.goto("/robots.txt");
  expect(robots?.status()).toBe(200);
  expect(robots?.fromServiceWorker()).toBe(false);
  expect(await robots?.text()).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
});
