import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject, onTestFinished } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { desktopContext, failOnPageErrors, launchBrowser, phoneContext } from "./browser.ts";
import { getJson, startTestServer, type TestServer } from "./server.ts";

export type ShopInBrowser = { server: TestServer; browser: Browser; categories: Category[]; products: Product[] };

/**
 * The seeded shop on a fresh server, the e2e run's Chromium, and the catalogue the tests compare
 * against. A file that needs `browserFlags` beside the usual ones gets a Chromium of its own.
 */
export async function startShopInBrowser(
  settings: Record<string, string> = {},
  browserFlags: string[] = [],
): Promise<ShopInBrowser> {
  const server = await startTestServer(settings);
  // Closing a connected browser disconnects this file from the shared one, closing its contexts.
  const browser =
    browserFlags.length > 0 ? await launchBrowser(browserFlags) : await chromium.connect(inject("browserEndpoint"));
  const [categories, products] = await Promise.all([
    getJson<Category[]>(server, "/api/categories"),
    getJson<Product[]>(server, "/api/products"),
  ]);
  return { server, browser, categories, products };
}

export async function stopShopInBrowser(shop: Partial<ShopInBrowser>): Promise<void> {
  await shop.browser?.close();
  await shop.server?.close();
}

/**
 * The shop in Chromium for the tests of one file: started before them, stopped after them, and
 * handed to `receive` (which keeps what the tests use) once it runs.
 */
export function setUpShopInBrowser(
  receive: (shop: ShopInBrowser) => void,
  settings: Record<string, string> = {},
  browserFlags: string[] = [],
): void {
  let shop: ShopInBrowser | undefined;
  beforeAll(async () => {
    shop = await startShopInBrowser(settings, browserFlags);
    receive(shop);
  });
  afterAll(() => stopShopInBrowser(shop ?? {}));
}

/**
 * The seeded shop for the tests of one file (see `setUpShopInBrowser`), and a page on it, as a phone
 * or a laptop, that fails its test on a console error other than those `expected`. `shop` is filled
 * in before the first test runs.
 */
export function setUpShop(settings: Record<string, string> = {}, browserFlags: string[] = []) {
  const shop = {} as ShopInBrowser;
  setUpShopInBrowser((started) => Object.assign(shop, started), settings, browserFlags);
  const openPage = (kind: "phone" | "desktop", expected: RegExp[] = []) => openShopPage(shop, kind, expected);
  return { shop, openPage };
}

/** `setUpShop` in development mode, where the mailbox exists. */
export function setUpDevelopmentShop() {
  return setUpShop({ APP_ENV: "development", MAIL_TRANSPORT: "dev-mailbox" });
}

/**
 * A page of the shop in a fresh phone or laptop context, closed after the test, that fails its
 * test on a console error other than those `expected`.
 */
export async function openShopPage(
  shop: ShopInBrowser,
  kind: "phone" | "desktop",
  expected: RegExp[] = [],
): Promise<Page> {
  const context =
    kind === "phone"
      ? await phoneContext(shop.browser, shop.server.url)
      : await desktopContext(shop.browser, shop.server.url);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  failOnPageErrors(page, expected);
  return page;
}
