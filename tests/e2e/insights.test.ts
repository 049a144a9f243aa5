import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Client, createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { downloadedBytes, expectAccessible, offlineRequest, openApp, screenshot } from "../support/browser.ts";
import { openShopPage, type ShopInBrowser, setUpShopInBrowser } from "../support/shop-in-browser.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";

// Issue 31, insights without tracking, in Chromium on the real Node server: a shopper views a
// product and follows its marketplace link (a plain link: the new tab opens the marketplace, the
// count goes beside it), the same offline (the events wait on the phone and are counted once the
// network is back), and the administrator reads the figures and the chart on a phone.

const shop = {} as ShopInBrowser;
setUpShopInBrowser((started) => Object.assign(shop, started));

/** The marketplace, on loopback: every path is a listing page, and each visit is noted. */
const marketplace = { origin: "", visits: [] as string[], close: async () => {} };
let db: Client;
let tea: Product;
let oil: Product;

beforeAll(async () => {
  const server = createServer((request, response) => {
    marketplace.visits.push(request.url ?? "");
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    response.end("<!doctype html><title>Marketplace listing</title><h1>Marketplace listing</h1>");
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  marketplace.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  marketplace.close = () =>
    new Promise<void>((closed) => {
      server.closeAllConnections();
      server.close(() => closed());
    });
  db = createClient({ url: shop.server.databaseUrl });
  [tea, oil] = shop.products as [Product, Product];
  // The seeded products' links go to Etsy; these two go to the loopback marketplace.
  for (const product of [tea, oil]) {
    await db.execute({
      sql: "update products set etsy_link = ? where id = ?",
      args: [`${marketplace.origin}/listing/${product.id}`, product.id],
    });
  }
});

afterAll(async () => {
  db?.close();
  await marketplace.close();
});

/** The product's counts over every day (the tests run within one day of the shop's calendar). */
async function counts(productId: number): Promise<{ views: number; shop_visits: number }> {
  const result = await db.execute({
    sql: "select coalesce(sum(views), 0) as views, coalesce(sum(shop_visits), 0) as shop_visits from product_daily_counts where product_id = ?",
    args: [productId],
  });
  const row = result.rows[0];
  return { views: Number(row?.views ?? 0), shop_visits: Number(row?.shop_visits ?? 0) };
}

/** Waits until the product's counts are `expected` (an event arrives after the page moved on). */
async function countsBecome(productId: number, expected: { views: number; shop_visits: number }) {
  await expect.poll(() => counts(productId), { timeout: 10_000, interval: 100 }).toEqual(expected);
}

/** The events waiting on the device, from the queue's IndexedDB database (none when it is gone). */
const waitingOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open("dogal-yasam-insights");
        open.onupgradeneeded = () => {
          // It did not exist: nothing waits. Abort, so this look creates no database.
          open.transaction?.abort();
          resolve([]);
        };
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains("events")) {
            database.close();
            resolve([]);
            return;
          }
          const all = database.transaction("events").objectStore("events").getAll();
          all.onsuccess = () => {
            database.close();
            resolve(all.result);
          };
        };
      }),
  );

const buyLink = (page: Page) => page.getByRole("link", { name: /Buy on Etsy/ });

test("a shopper's view and marketplace visit are counted; the link opens the marketplace in a new tab", async () => {
  const page = await openShopPage(shop, "phone");
  const context = page.context();
  const before = await counts(tea.id);

  await openApp(page, `/products/${tea.id}`);
  await countsBecome(tea.id, { views: before.views + 1, shop_visits: before.shop_visits });

  // A plain link: the marketplace's address, a new tab, nothing the page could reach back through.
  expect(await buyLink(page).getAttribute("href")).toBe(`${marketplace.origin}/listing/${tea.id}`);
  expect(await buyLink(page).getAttribute("target")).toBe("_blank");
  expect(await buyLink(page).getAttribute("rel")).toContain("noopener");
  const [marketplaceTab] = await Promise.all([context.waitForEvent("page"), buyLink(page).click()]);
  await marketplaceTab.waitForLoadState();
  expect(marketplaceTab.url()).toBe(`${marketplace.origin}/listing/${tea.id}`);
  await marketplaceTab.getByRole("heading", { name: "Marketplace listing" }).waitFor();
  expect(marketplace.visits).toContain(`/listing/${tea.id}`);
  await countsBecome(tea.id, { views: before.views + 1, shop_visits: before.shop_visits + 1 });

  // No cookie was set and none was sent for counting.
  expect(await context.cookies()).toEqual([]);
  expect(await waitingOnDevice(page)).toEqual([]);
});

test("offline, the view and the visit wait on the phone with their day and are counted once the network is back", async () => {
  const page = await openShopPage(shop, "phone", [offlineRequest]);
  const context = page.context();
  const before = await counts(oil.id);

  // Online first: the view counts at once, and the page's code is on the phone.
  await openApp(page, `/products/${oil.id}`);
  await countsBecome(oil.id, { views: before.views + 1, shop_visits: before.shop_visits });
  // The service worker has kept the shopper's code, the queue's with it.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await page.getByRole("link", { name: "Back to products" }).click();
  await page.getByRole("link", { name: oil.name }).first().waitFor();
  await context.setOffline(true);
  // Offline, the product page comes from the device's catalogue.
  await page.getByRole("link", { name: oil.name }).first().click();
  await page.getByRole("heading", { level: 1, name: oil.name }).waitFor();
  const [marketplaceTab] = await Promise.all([context.waitForEvent("page"), buyLink(page).click()]);
  // The new tab opened (and found no network: Chromium shows its own error page).
  await marketplaceTab.close();

  await expect
    .poll(() => waitingOnDevice(page))
    .toEqual([
      { seq: 1, product_id: oil.id, kind: "view", day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      { seq: 2, product_id: oil.id, kind: "shop_visit", day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
  expect(await counts(oil.id)).toEqual({ views: before.views + 1, shop_visits: before.shop_visits });

  await context.setOffline(false);
  await countsBecome(oil.id, { views: before.views + 2, shop_visits: before.shop_visits + 1 });
  await expect.poll(() => waitingOnDevice(page)).toEqual([]);
});

async function adminSignIn(page: Page) {
  await openApp(page, "/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword);
}

/** The Insights table's row for a product: its cells' texts. */
/** Clicks an export button: the CSV it downloads, its file named for its period and its header row checked. */
async function exportedCsv(page: Page, button: string, days: number): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^insights_${days}d_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = (await downloadedBytes(download)).toString("utf8");
  expect(csv.startsWith("\uFEFFproduct_id,name,views,shop_visits,visit_ratio\r\n")).toBe(true);
  return csv;
}

const rowOf = (page: Page, name: string) =>
  page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) })
    .first()
    .locator("td")
    .allTextContents();

for (const kind of ["phone", "desktop"] as const) {
  test(`the administrator's Insights tab shows the figures and the chart (${kind}), and offline the last loaded ones`, async () => {
    const page = await openShopPage(shop, kind, [offlineRequest]);
    const context = page.context();
    const teaCounts = await counts(tea.id);
    const oilCounts = await counts(oil.id);
    expect(teaCounts.shop_visits).toBeGreaterThan(0);

    await adminSignIn(page);
    await page.getByRole("tab", { name: "Insights", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Insights" }).waitFor();
    await page.getByRole("rowheader", { name: tea.name, exact: true }).waitFor();
    const ratio = (c: { views: number; shop_visits: number }) =>
      c.views === 0 ? "—" : `${Math.round((c.shop_visits / c.views) * 100)}%`;
    expect(await rowOf(page, tea.name)).toEqual([
      String(teaCounts.views),
      String(teaCounts.shop_visits),
      ratio(teaCounts),
    ]);
    expect(await rowOf(page, oil.name)).toEqual([
      String(oilCounts.views),
      String(oilCounts.shop_visits),
      ratio(oilCounts),
    ]);
    const chart = page.getByRole("img", { name: /shop visits for the whole shop in 30 days/ });
    await chart.waitFor();
    expect(await chart.locator("rect").count()).toBe(30);
    const total = teaCounts.shop_visits + oilCounts.shop_visits;
    expect(await chart.getAttribute("aria-label")).toMatch(new RegExp(`^${total} shop visits? for the whole shop`));

    // Sorted by shop visits, most first; a click on Views sorts by views.
    const firstRow = () => page.getByRole("rowheader").first().textContent();
    await page
      .getByRole("columnheader", { name: /^Product/ })
      .getByRole("button")
      .click();
    const byName = [...shop.products.map((p) => p.name)].sort((a, b) => a.localeCompare(b, "tr"))[0];
    expect(await firstRow()).toBe(byName);
    expect(await page.getByRole("columnheader", { name: /^Product/ }).getAttribute("aria-sort")).toBe("ascending");

    // One product's days in the chart.
    await page.getByLabel("Chart", { exact: true }).selectOption({ label: tea.name });
    await page
      .getByRole("img", { name: new RegExp(`${teaCounts.shop_visits} shop visits? for ${tea.name}`) })
      .waitFor();
    // Its figures, folded under the chart: a row a day, adding up to the product's counts.
    await page.getByText("Figures per day", { exact: true }).click();
    const dailyRows = page
      .getByRole("figure")
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader") });
    expect(await dailyRows.count()).toBe(30);
    const columnTotal = async (column: number) =>
      (await dailyRows.locator(`td:nth-of-type(${column})`).allTextContents()).reduce((sum, n) => sum + Number(n), 0);
    expect({ views: await columnTotal(1), shop_visits: await columnTotal(2) }).toEqual(teaCounts);

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `admin-insights-${kind}`);
    await expectAccessible(page);

    if (kind === "desktop") {
      const teaRow = `\r\n${tea.id},${tea.name},${teaCounts.views},${teaCounts.shop_visits},`;
      expect(await exportedCsv(page, "Export Insights (CSV)", 30)).toContain(teaRow);

      // Beside the users' export in Settings: the last 90 days, the same format.
      await page.getByRole("tab", { name: "Settings", exact: true }).click();
      expect(await exportedCsv(page, "Export Insights (90 days)", 90)).toContain(teaRow);
      await page.getByRole("status").filter({ hasText: "Insights exported." }).waitFor();
      await expectAccessible(page);
      return;
    }

    // Offline: the 30 days of the whole shop were loaded before; 7 days never were.
    await page.getByLabel("Chart", { exact: true }).selectOption({ label: "Whole shop" });
    await chart.waitFor();
    await context.setOffline(true);
    await page.getByRole("button", { name: "7 days" }).click();
    await page.getByRole("status").filter({ hasText: "Insights could not be loaded." }).waitFor();
    await page.getByRole("button", { name: "30 days" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Showing the figures last loaded on this device, less than a minute ago\./ })
      .waitFor();
    expect(await rowOf(page, tea.name)).toEqual([
      String(teaCounts.views),
      String(teaCounts.shop_visits),
      ratio(teaCounts),
    ]);
    await chart.waitFor();
    await screenshot(page, "admin-insights-phone-offline");
    await expectAccessible(page);
    await context.setOffline(false);
  });
}
