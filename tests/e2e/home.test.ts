import type { Browser, Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import {
  accessibilityViolations,
  collectPageErrors,
  desktopContext,
  failedRequest,
  failOnPageErrors,
  loadAllImages,
  openApp,
  phoneContext,
  screenshot,
} from "../support/browser.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import type { TestServer } from "../support/server.ts";
import { setUpShopInBrowser } from "../support/shop-in-browser.ts";

// The shop this file's tests use, set once it has started.
let server: TestServer, browser: Browser, categories: Category[], products: Product[];

setUpShopInBrowser((shop) => {
  ({ server, browser, categories, products } = shop);
  expect(categories.length).toBeGreaterThan(0);
  expect(products.length).toBeGreaterThanOrEqual(3);
});

async function openPage(kind: "desktop" | "phone", expected: RegExp[] = []): Promise<Page> {
  const context =
    kind === "desktop" ? await desktopContext(browser, server.url) : await phoneContext(browser, server.url);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  failOnPageErrors(page, expected);
  return page;
}

const isVisible = (page: Page, selector: string) => page.locator(selector).isVisible();

describe("home page", () => {
  test("desktop: header, Products menu, featured products and contact links", async () => {
    const page = await openPage("desktop");
    await openApp(page, "/");

    const header = page.getByRole("banner");
    for (const name of ["Home", "Products", "About", "Sign In", "Sign Up"]) {
      await header.getByRole("link", { name, exact: true }).waitFor({ state: "visible" });
    }
    expect(await page.title()).toContain("Doğal Yaşam");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Gentle, natural care for body and mind");

    // The temperament test heading links to /signup.
    const testLink = page.getByRole("heading", { level: 2 }).getByRole("link", { name: /temperament/i });
    expect(await testLink.getAttribute("href")).toBe("/signup");

    // The first three products, in display order, as cards linking to their pages.
    const featured = page.getByRole("region", { name: "Featured products" });
    for (const product of products.slice(0, 3)) {
      const link = featured.getByRole("link", { name: product.name, exact: true });
      await link.waitFor({ state: "visible" });
      expect(await link.getAttribute("href")).toBe(`/products/${product.id}`);
    }
    expect(await featured.getByRole("article").count()).toBe(3);
    // Every card image loaded (a broken one would show the browser's broken-image icon).
    await loadAllImages(page);
    const broken = await featured
      .locator("img")
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).filter((img) => img.naturalWidth === 0).map((img) => img.src),
      );
    expect(broken).toEqual([]);

    // Links to the products page and to the external shop.
    expect(await featured.getByRole("link", { name: "View all products" }).first().getAttribute("href")).toBe(
      "/products",
    );
    const shop = page.getByRole("main").getByRole("link", { name: /etsy/i }).first();
    expect(await shop.getAttribute("href")).toMatch(/^https:\/\//);
    expect(await shop.getAttribute("target")).toBe("_blank");

    // The floating column: four links, each opening in a new tab, each with a name.
    const contact = page.getByRole("navigation", { name: "Bize ulaşın" });
    const links = contact.getByRole("link");
    expect(await links.count()).toBe(4);
    const names: string[] = [];
    for (const link of await links.all()) {
      expect(await link.getAttribute("target")).toBe("_blank");
      expect((await link.getAttribute("rel"))?.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
      expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
      names.push((await link.textContent())?.trim() ?? "");
    }
    expect(names).toEqual(["Bize WhatsApp'tan yazın", "Etsy mağazamız", "Instagram sayfamız", "Pinterest panolarımız"]);
    // Its label shows on hover.
    const chat = links.first();
    const label = chat.locator("span");
    expect(await label.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await chat.hover();
    await page.waitForFunction((el) => getComputedStyle(el as Element).opacity === "1", await label.elementHandle());

    expect(await accessibilityViolations(page)).toEqual([]);
    await page.mouse.move(640, 400);
    await screenshot(page, "home-desktop");

    // Products hover menu: All Products plus one link per category.
    const menu = header.getByRole("list", { name: "Product categories" });
    expect(await menu.isVisible()).toBe(false);
    await header.getByRole("link", { name: "Products", exact: true }).hover();
    await menu.waitFor({ state: "visible" });
    const menuLinks = menu.getByRole("link");
    expect(await menuLinks.allInnerTexts()).toEqual(["All Products", ...categories.map((c) => c.name)]);
    expect(await menuLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/products",
      ...categories.map((c) => `/products?category=${c.id}`),
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "home-desktop-products-menu", { fullPage: false });

    // Choosing a category navigates there and closes the menu.
    const first = categories[0] as Category;
    await menu.getByRole("link", { name: first.name, exact: true }).click();
    await page.waitForURL(`**/products?category=${first.id}`);
    await menu.waitFor({ state: "hidden" });
  });

  test("desktop: the Products menu opens from the keyboard and closes on Escape", async () => {
    const page = await openPage("desktop");
    await openApp(page, "/");
    const toggle = page.getByRole("button", { name: "Product categories" });
    const menu = page.getByRole("banner").getByRole("list", { name: "Product categories" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "visible" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("All Products");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("the header reloads categories when the categories-changed event fires", async () => {
    const page = await openPage("desktop");
    await openApp(page, "/");
    const menu = page.getByRole("banner").getByRole("list", { name: "Product categories" });
    await page.getByRole("banner").getByRole("link", { name: "Products", exact: true }).hover();
    await menu.getByRole("link", { name: (categories[0] as Category).name }).waitFor();

    const added: Category = {
      id: 999,
      name: "Yeni Kategori",
      description: "",
      name_en: "",
      description_en: "",
      version: 1,
      created_at: new Date().toISOString(),
    };
    await page.route("**/api/categories", (route) =>
      route.fulfill({ json: [...categories, added], headers: { "Cache-Control": "no-store" } }),
    );
    await page.evaluate(() => window.dispatchEvent(new Event("dogal-yasam:categories-changed")));
    await menu.getByRole("link", { name: "Yeni Kategori" }).waitFor();
    expect(await menu.getByRole("link").count()).toBe(categories.length + 2);
  });

  test("phone: mobile menu repeats the header, closes on Escape and after navigating", async () => {
    const page = await openPage("phone");
    await openApp(page, "/");
    await page.getByRole("region", { name: "Featured products" }).getByRole("article").nth(2).waitFor();

    // The desktop navigation is folded into the menu button.
    expect(await isVisible(page, "nav[aria-label=Main]")).toBe(false);
    const button = page.getByRole("button", { name: "Menu" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    // Nothing overflows the 390 px viewport sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "home-phone");

    await button.click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await mobile.waitFor({ state: "visible" });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    for (const name of [
      "Home",
      "Products",
      "All Products",
      ...categories.map((c) => c.name),
      "About",
      "Sign In",
      "Sign Up",
    ]) {
      await mobile.getByRole("link", { name, exact: true }).waitFor({ state: "visible" });
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, "home-phone-menu", { fullPage: false });

    await page.keyboard.press("Escape");
    await mobile.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await mobile.waitFor({ state: "visible" });
    await mobile.getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL("**/about");
    await mobile.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await page.getByRole("heading", { level: 1, name: "From my grandmother’s garden to your home" }).waitFor();
  });
});

describe("other screens of the shell", () => {
  test("a bad ?category= is ignored, unknown paths show not-found, /verify-success is Turkish", async () => {
    // Both are 404s now (ADR 0068), which the browser logs.
    const page = await openPage("desktop", [
      failedRequest(404, /\/products\?category=abc/),
      failedRequest(404, /\/no-such-page/),
    ]);

    await openApp(page, "/products?category=abc");
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await page.getByRole("button", { name: "All", exact: true, pressed: true }).waitFor();

    await openApp(page, "/no-such-page");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(await page.title()).toContain("Page not found");

    await openApp(page, "/verify-success");
    await page.getByRole("heading", { level: 1, name: "E-posta adresiniz doğrulandı" }).waitFor();
    const signIn = page.getByRole("main").getByRole("link", { name: "Giriş Yap" });
    expect(await signIn.getAttribute("href")).toBe("/signin");
    expect(await accessibilityViolations(page)).toEqual([]);
    await signIn.click();
    await page.waitForURL("**/signin");
    await page.getByRole("heading", { level: 1, name: "Welcome Back" }).waitFor();
  });

  test("every route of docs/product.md §2 renders inside the layout", async () => {
    const page = await openPage("desktop");
    const routes: [string, string][] = [
      [`/products/${(products[0] as Product).id}`, (products[0] as Product).name],
      ["/about", "From my grandmother’s garden to your home"],
      ["/signup", "Create Your Account"],
      ["/verify-email?problem=expired", "This link has expired"],
      ["/signin", "Welcome Back"],
      ["/reset-password", "Reset Password"],
      ["/admin", "Admin Sign In"],
    ];
    for (const [path, heading] of routes) {
      await openApp(page, path);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.getByRole("contentinfo").waitFor();
    }
    // /profile is for members: a visitor is sent to sign in, the address replaced.
    await openApp(page, "/profile");
    await page.waitForURL("**/signin");
    await page.getByRole("heading", { level: 1, name: "Welcome Back" }).waitFor();
  });

  test("HTML responses carry the security headers", async () => {
    const response = await fetch(`${server.url}/about`);
    expect(response.headers.get("content-type")).toContain("text/html");
    expectSecurityHeaders(response.headers, "/about");
    // No inline script: /about's JSON-LD and data blocks are data, which never run (ADR 0068).
    expect(await response.text()).not.toMatch(/<script(?![^>]*\b(src=|type="application\/(ld\+)?json"))[^>]*>/);
  });

  test("a page whose app chunk is gone (a newer deploy removed it) reloads once and starts", async () => {
    const context = await desktopContext(browser, server.url);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // Until the page is loaded a second time, every script but the page's entry (the chunks
    // it starts the app with) answers as a removed file does.
    const shell = await (await fetch(`${server.url}/about`)).text();
    const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(shell)?.[1];
    expect(entry).toBeDefined();
    let documents = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents++;
    });
    let refused = 0;
    await page.route("**/assets/*.js", (route) => {
      if (documents > 1 || new URL(route.request().url()).pathname === entry) return route.continue();
      refused++;
      return route.fulfill({
        status: 404,
        contentType: "application/json",
        body: '{"detail":"gone","code":"not_found"}',
      });
    });

    await openApp(page, "/about");
    await page.getByRole("heading", { level: 1, name: "From my grandmother’s garden to your home" }).waitFor();
    expect(documents).toBe(2);
    expect(refused).toBeGreaterThan(0);
    // Started: a later deploy may reload this tab again.
    expect(await page.evaluate(() => sessionStorage.getItem("stale-build-reloaded"))).toBeNull();
    // The browser reports each refused request; nothing else went wrong.
    expect(errors.messages.filter((message) => !message.includes("404"))).toEqual([]);
  });
});
