import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { productsPageSize } from "../../worker/contract/initial-data.ts";
import type { Temperament } from "../../worker/contract/temperaments.ts";
import {
  expectAccessible,
  expectProductsShown,
  holdRequests,
  offlineRequest,
  openApp,
  screenshot,
  storedProductIds,
  waitForApp,
} from "../support/browser.ts";
import { getJson } from "../support/server.ts";
import { setUpShop } from "../support/shop-in-browser.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";

// Issue 30's screens: the administrator says which temperaments a product suits, shoppers filter
// the products by one (with a category too, server-rendered, offline), and a product's page links
// its temperaments to their lists. On the seeded shop, in Chromium, as a phone unless said.

const { shop, openPage } = setUpShop();

const emptyText = "No products found matching your criteria.";

const currentProducts = () => getJson<Product[]>(shop.server, "/api/products");
const suiting = (products: Product[], temperament: Temperament, categoryId?: number) =>
  products.filter(
    (p) => p.temperaments.includes(temperament) && (categoryId === undefined || p.category_id === categoryId),
  );
const names = (products: Product[]) => products.map((p) => p.name);

/** The product the admin tags in the first test, and one left for everyone: set by that test. */
let tagged: Product;
let untagged: Product;

const temperamentLinks = (page: Page) => page.getByRole("navigation", { name: "Temperament" });
const categoryChips = (page: Page) => page.getByRole("group", { name: "Filter by category" });

/** The temperament link marked as the current one (aria-current="page"), by its name. */
const currentTemperament = (page: Page) => temperamentLinks(page).locator('a[aria-current="page"]').allTextContents();

test("the admin ticks temperaments on a product and saves; editing shows the stored ones", async () => {
  const products = await currentProducts();
  const forEveryone = products.filter((p) => p.temperaments.length === 0 && p.category_id !== null);
  // The seed leaves soaps and a plain oil for everyone (ADR 0048).
  expect(forEveryone.length).toBeGreaterThanOrEqual(2);
  [tagged, untagged] = forEveryone as [Product, Product];

  const page = await openPage("phone");
  await openApp(page, "/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword);
  await page.getByRole("tab", { name: "Product Management", exact: true }).click();

  const card = page.getByRole("article").filter({ hasText: tagged.name });
  await card.getByRole("button", { name: `Edit ${tagged.name}` }).click();
  const form = page.getByRole("form", { name: `Edit “${tagged.name}”` });
  const group = form.getByRole("group", { name: "Suits these temperaments" });
  await group.waitFor();
  const box = (name: string) => group.getByRole("checkbox", { name, exact: true });
  for (const name of ["Sanguine", "Choleric", "Melancholic", "Phlegmatic"])
    expect(await box(name).isChecked()).toBe(false);
  // The hint says what none means.
  expect(await group.getAttribute("aria-describedby")).toBeTruthy();
  await group.getByText("None ticked means the product is for everyone.").waitFor();
  // Ticked out of order: sent in the canonical one.
  await box("Phlegmatic").check();
  await box("Melancholic").check();
  await group.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await screenshot(page, "temperaments-admin-form-phone", { fullPage: false });
  await expectAccessible(page);
  await form.getByRole("button", { name: "Update Product" }).click();
  await page.getByRole("status").filter({ hasText: "Product updated successfully!" }).waitFor();
  // Saved through the outbox: nothing waits once the server has it.
  await page.getByText("All changes saved").first().waitFor();

  const saved = (await currentProducts()).find((p) => p.id === tagged.id) as Product;
  expect(saved.temperaments).toEqual(["melancholic", "phlegmatic"]);
  expect(saved.name).toBe(tagged.name);
  tagged = saved;

  // Opened again, the form shows the stored ones.
  await card.getByRole("button", { name: `Edit ${tagged.name}` }).click();
  await group.waitFor();
  expect(
    await Promise.all(["Sanguine", "Choleric", "Melancholic", "Phlegmatic"].map((name) => box(name).isChecked())),
  ).toEqual([false, false, true, true]);
  await form.getByRole("button", { name: "Cancel" }).click();
});

test("the server renders the filtered first page before any script runs, alone and with a category", async () => {
  const products = await currentProducts();
  const category = shop.categories.find((c) => c.id === tagged.category_id) as Category;

  for (const [path, expected] of [
    ["/products?temperament=melancholic", suiting(products, "melancholic")],
    [`/products?category=${category.id}&temperament=melancholic`, suiting(products, "melancholic", category.id)],
  ] as const) {
    // A fresh phone each time: a service worker would answer the scripts without them being held.
    const page = await openPage("phone");
    // Every script held until the server's markup has been read.
    const release = await holdRequests(page, "**/assets/*.js");
    await page.goto(path, { waitUntil: "commit" });
    const firstPage = expected.slice(0, productsPageSize);
    await page
      .locator("main article")
      .nth(firstPage.length - 1)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    expect(await page.locator("main article h2").allTextContents()).toEqual(names(firstPage));
    expect(await currentTemperament(page)).toEqual(["Melancholic"]);
    expect(await page.locator("main article h2").allTextContents()).not.toContain(untagged.name);
    await release();
    await waitForApp(page);
    await expectProductsShown(page, expected);
  }
  expect(suiting(products, "melancholic", category.id).map((p) => p.id)).toContain(tagged.id);
});

test.each(["phone", "desktop"] as const)(
  "%s: a shopper filters the products by temperament, with a category, and back to all",
  async (kind) => {
    const products = await currentProducts();
    const category = shop.categories.find((c) => c.id === tagged.category_id) as Category;
    const page = await openPage(kind);
    await openApp(page, "/products");
    expect(await currentTemperament(page)).toEqual(["All temperaments"]);

    await temperamentLinks(page).getByRole("link", { name: "Melancholic", exact: true }).click();
    await page.waitForURL((url) => url.search === "?temperament=melancholic");
    await expectProductsShown(page, suiting(products, "melancholic"));
    expect(await currentTemperament(page)).toEqual(["Melancholic"]);
    // The product the admin tagged is listed; one for everyone is not.
    expect(await page.locator("main article h2").allTextContents()).toContain(tagged.name);
    expect(await page.locator("main article h2").allTextContents()).not.toContain(untagged.name);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `temperaments-products-${kind}`, { fullPage: false });
    await expectAccessible(page);

    // A category keeps the temperament, and the temperament links keep the category.
    await categoryChips(page).getByRole("button", { name: category.name, exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get("category") === String(category.id) &&
        url.searchParams.get("temperament") === "melancholic",
    );
    await expectProductsShown(page, suiting(products, "melancholic", category.id));
    expect(await categoryChips(page).getByRole("button", { pressed: true }).textContent()).toBe(category.name);
    await temperamentLinks(page).getByRole("link", { name: "Phlegmatic", exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get("category") === String(category.id) &&
        url.searchParams.get("temperament") === "phlegmatic",
    );
    await expectProductsShown(page, suiting(products, "phlegmatic", category.id));

    // A search for the product for everyone finds nothing under a temperament: docs/product.md's words.
    await page.getByRole("searchbox", { name: "Search products" }).fill(untagged.name);
    await page.getByText(emptyText).waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await page.waitForURL((url) => url.search === "");
    await expectProductsShown(page, products);

    // Back to every temperament, the category kept.
    await page.goto(`/products?category=${category.id}&temperament=melancholic`);
    await waitForApp(page);
    await temperamentLinks(page).getByRole("link", { name: "All temperaments" }).click();
    await page.waitForURL((url) => url.search === `?category=${category.id}`);
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === category.id),
    );
    expect(await currentTemperament(page)).toEqual(["All temperaments"]);
  },
);

test.each(["phone", "desktop"] as const)(
  "%s: a product's page shows its temperaments as links to their lists, and none for a product without",
  async (kind) => {
    const products = await currentProducts();
    const page = await openPage(kind);
    await openApp(page, `/products/${tagged.id}`);
    await page.getByRole("heading", { level: 1, name: tagged.name }).waitFor();
    const badges = page.getByRole("list", { name: "Suits these temperaments" }).getByRole("link");
    expect(await badges.allTextContents()).toEqual(["Melancholic", "Phlegmatic"]);
    expect(await badges.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/products?temperament=melancholic",
      "/products?temperament=phlegmatic",
    ]);
    // On a phone the badges are below the pictures: the part of the page they are in.
    if (kind === "phone") await badges.first().evaluate((element) => element.scrollIntoView({ block: "center" }));
    await screenshot(page, `temperaments-product-${kind}`, { fullPage: false });
    await expectAccessible(page);

    await badges.filter({ hasText: "Phlegmatic" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.search === "?temperament=phlegmatic");
    await expectProductsShown(page, suiting(products, "phlegmatic"));

    await openApp(page, `/products/${untagged.id}`);
    await page.getByRole("heading", { level: 1, name: untagged.name }).waitFor();
    expect(await page.getByText("Suits these temperaments").count()).toBe(0);
    expect(await page.locator('main a[href*="temperament="]').count()).toBe(0);
  },
);

test("offline, the filter still works from the device's copy", async () => {
  const products = await currentProducts();
  const category = shop.categories.find((c) => c.id === tagged.category_id) as Category;
  const page = await openPage("phone", [offlineRequest]);
  const context = page.context();

  // One visit online: the service worker and the whole catalogue on the device.
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await expect
    .poll(() => storedProductIds(page), { timeout: 15_000 })
    .toEqual(products.map((p) => p.id).sort((a, b) => a - b));
  // The tagged product's page once, so all its pictures are kept (ahead, only the first is).
  await page.goto(`/products/${tagged.id}`);
  await waitForApp(page);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));

  await context.setOffline(true);
  // A filtered address never visited: the app shell, the list from the device.
  const opened = await page.goto("/products?temperament=melancholic");
  expect(opened?.fromServiceWorker()).toBe(true);
  await waitForApp(page);
  await page.getByRole("status").filter({ hasText: "You are offline." }).first().waitFor();
  await expectProductsShown(page, suiting(products, "melancholic"));
  expect(await page.locator("main article h2").allTextContents()).not.toContain(untagged.name);
  // The phone's sideways row shows the current choice, though it is the fourth.
  const melancholic = temperamentLinks(page).getByRole("link", { name: "Melancholic", exact: true });
  expect(
    await melancholic.evaluate((link) => {
      const box = link.getBoundingClientRect();
      return box.left >= 0 && box.right <= window.innerWidth;
    }),
  ).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "temperaments-offline-phone", { fullPage: false });
  await expectAccessible(page);

  await categoryChips(page).getByRole("button", { name: category.name, exact: true }).click();
  await expectProductsShown(page, suiting(products, "melancholic", category.id));
  await temperamentLinks(page).getByRole("link", { name: "Sanguine", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("temperament") === "sanguine");
  await expectProductsShown(page, suiting(products, "sanguine", category.id));

  // The product's badges lead to its list offline too.
  await page.goto(`/products/${tagged.id}`);
  await waitForApp(page);
  await page
    .getByRole("list", { name: "Suits these temperaments" })
    .getByRole("link", { name: "Phlegmatic", exact: true })
    .click();
  await expectProductsShown(page, suiting(products, "phlegmatic"));
  await context.setOffline(false);
});

test("offline, the admin's temperaments wait in the outbox, show on the device's shopper pages, and reach the server once back online", async () => {
  const products = await currentProducts();
  const changed = products.find(
    (p) => !p.temperaments.includes("sanguine") && p.id !== tagged.id && p.id !== untagged.id,
  ) as Product;
  const page = await openPage("phone", [offlineRequest]);
  const context = page.context();
  const status = (text: string) => page.getByRole("status").filter({ hasText: text }).first().waitFor();

  // Online once: the service worker, the admin's code (the editor's chunk too) and data kept.
  await openApp(page, "/admin");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await page.getByLabel("Admin Email").fill(shop.server.adminEmail);
  await page.getByLabel("Admin Password").fill(shop.server.adminPassword);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await status("All changes saved");
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await caches.open("admin-code")).keys()).some((request) => request.url.includes("rich-text-editor")),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.getByRole("tab", { name: "Product Management", exact: true }).click();

  await context.setOffline(true);
  await page.reload();
  await waitForApp(page);
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  await page.getByRole("tab", { name: "Product Management", exact: true }).click();
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: changed.name, exact: true }) });
  await card.getByRole("button", { name: `Edit ${changed.name}` }).click();
  const form = page.getByRole("form", { name: `Edit “${changed.name}”` });
  await form
    .getByRole("group", { name: "Suits these temperaments" })
    .getByRole("checkbox", { name: "Sanguine" })
    .check();
  await form.getByRole("button", { name: "Update Product" }).click();
  await status("Saved on this device. It will be sent when you are back online.");
  await status("1 change waiting to sync");

  // The same device's shop shows the product under Sanguine before the server has it.
  await page.goto("/products?temperament=sanguine");
  await waitForApp(page);
  await expectProductsShown(
    page,
    [...suiting(products, "sanguine"), changed].sort((a, b) => products.indexOf(a) - products.indexOf(b)),
  );

  // Back to /admin, then online: sent once, stored in the canonical order.
  await page.goto("/admin");
  await waitForApp(page);
  await status("1 change waiting to sync");
  await context.setOffline(false);
  await status("All changes saved");
  const saved = (await currentProducts()).find((p) => p.id === changed.id) as Product;
  expect(saved.temperaments).toEqual(
    ["sanguine", "choleric", "melancholic", "phlegmatic"].filter(
      (name) => name === "sanguine" || changed.temperaments.includes(name as Temperament),
    ),
  );
  expect(saved.version).toBe(changed.version + 1);
});
