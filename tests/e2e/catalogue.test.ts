import type { Browser, Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { queryMatcher, searchTextOf } from "../../web/features/catalogue/product-search.ts";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { productsPageSize } from "../../worker/contract/initial-data.ts";
import {
  accessibilityViolations,
  collectPageErrors,
  desktopContext,
  expectProductsShown,
  failOnPageErrors,
  holdRequests,
  openApp,
  phoneContext,
  screenshot,
  storedProductIds,
  waitForApp,
} from "../support/browser.ts";
import type { TestServer } from "../support/server.ts";
import { setUpShopInBrowser } from "../support/shop-in-browser.ts";

const emptyText = "No products found matching your criteria.";

// The shop this file's tests use, set once it has started.
let server: TestServer, browser: Browser, categories: Category[], products: Product[];

setUpShopInBrowser((shop) => {
  ({ server, browser, categories, products } = shop);
  expect(categories.length).toBeGreaterThanOrEqual(2);
});

type Kind = "desktop" | "phone";

async function openPage(kind: Kind): Promise<Page> {
  const context =
    kind === "desktop" ? await desktopContext(browser, server.url) : await phoneContext(browser, server.url);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  // Any console error fails the test, except Chromium's note that the server answered a missing
  // product's page (`/products/999999`, `/products/abc`) or a category that names nothing
  // (`/products?category=abc`, ADR 0068) with 404, which is what it should do.
  const errors = collectPageErrors(page);
  onTestFinished(() => {
    const unexpected = errors.messages.filter(
      (message) =>
        !/^console\.error: Failed to load resource: .*404 .*\/products(\/(999999|abc)|\?category=(999999|abc)):0\)$/.test(
          message,
        ),
    );
    if (unexpected.length > 0) {
      throw new Error(`The page reported ${unexpected.length} error(s):\n${unexpected.join("\n")}`);
    }
  });
  return page;
}

const productGrid = (page: Page) => page.getByRole("main").getByRole("article");

/**
 * From now on, records how many products each message from a worker to the page carries (a
 * product is an object with an `etsy_link`), in the page's `__productsPerMessage`.
 */
async function countProductsPerWorkerMessage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts: number[] = [];
    Object.assign(window, { __productsPerMessage: counts });
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener("message", (event: MessageEvent) => {
          counts.push(JSON.stringify(event.data).split('"etsy_link"').length - 1);
        });
      }
    };
  });
}

async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0) console.warn(`axe on ${screen}:\n${violations.join("\n")}`);
  expect(violations, screen).toEqual([]);
}

const byName = (name: string) => products.find((p) => p.name === name) as Product;

describe.each<Kind>(["desktop", "phone"])("catalogue on %s", (kind) => {
  test("home → products → filter, Back, Turkish search, empty result → product → not found", async () => {
    const page = await openPage(kind);
    await openApp(page, "/");
    // The featured products are painted from the page's embedded data: no skeleton first.
    const featured = page.getByRole("region", { name: "Featured products" });
    await featured.getByRole("article").nth(2).waitFor();
    await expectNoViolations(page, "/");

    // Home → Products.
    await featured.getByRole("link", { name: "View all products" }).first().click();
    await page.waitForURL((url) => url.pathname === "/products");
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await expectProductsShown(page, products);
    expect(await page.title()).toContain("Products");
    const filters = page.getByRole("group", { name: "Filter by category" });
    expect(await filters.getByRole("button").allInnerTexts()).toEqual(["All", ...categories.map((c) => c.name)]);
    expect(await filters.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
    // Images: sized, the first row eager (the first with high priority), the rest lazy.
    const imgs = await page
      .getByRole("main")
      .locator("article img")
      .evaluateAll((list) =>
        (list as HTMLImageElement[]).map((img) => ({
          loading: img.loading,
          priority: img.getAttribute("fetchpriority"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
        })),
      );
    expect(imgs.slice(0, 3).map((i) => i.loading)).toEqual(["eager", "eager", "eager"]);
    expect(imgs[0]?.priority).toBe("high");
    expect(imgs.slice(3).every((i) => i.loading === "lazy")).toBe(true);
    expect(imgs.every((i) => i.width && i.height)).toBe(true);
    if (kind === "phone") {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await expectNoViolations(page, "/products");
    await screenshot(page, `products-${kind}`);

    // Filter by a category: the URL follows, only its products remain.
    const [first, second] = categories as [Category, Category];
    await filters.getByRole("button", { name: first.name }).click();
    await page.waitForURL(`**/products?category=${first.id}`);
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === first.id),
    );
    expect(await filters.getByRole("button", { name: first.name }).getAttribute("aria-pressed")).toBe("true");
    expect(await filters.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    await screenshot(page, `products-category-${kind}`, { fullPage: false });

    await filters.getByRole("button", { name: second.name }).click();
    await page.waitForURL(`**/products?category=${second.id}`);
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === second.id),
    );

    // Back restores the first filter.
    await page.goBack();
    await page.waitForURL(`**/products?category=${first.id}`);
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === first.id),
    );
    expect(await filters.getByRole("button", { name: first.name }).getAttribute("aria-pressed")).toBe("true");

    // Search across all products, Turkish-aware: "cay" finds every "… Çayı", "ISIRGAN" finds "Isırgan Otu Çayı".
    await filters.getByRole("button", { name: "All" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.fill("cay");
    const teas = products.filter((p) => /Çayı/.test(p.name));
    expect(teas.length).toBeGreaterThanOrEqual(2);
    await page.waitForFunction(
      (want) => {
        const names = [...document.querySelectorAll("main article h2")].map((h) => h.textContent ?? "");
        return want.every((name) => names.includes(name));
      },
      teas.map((p) => p.name),
    );
    await search.fill("ISIRGAN");
    await expectProductsShown(page, [byName("Isırgan Otu Çayı")]);
    await search.fill("igde");
    await expectProductsShown(page, [byName("İğde Unu")]);

    // Nothing matches: docs/product.md's empty text.
    await search.fill("zzz no such remedy");
    await page.getByText(emptyText, { exact: true }).waitFor();
    expect(await productGrid(page).count()).toBe(0);
    await expectNoViolations(page, "/products (no match)");
    await screenshot(page, `products-empty-${kind}`, { fullPage: false });
    await search.fill("");
    await expectProductsShown(page, products);

    // Open a product.
    const product = products[0] as Product;
    await page.getByRole("main").getByRole("link", { name: product.name, exact: true }).click();
    await page.waitForURL(`**/products/${product.id}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    const buy = page.getByRole("link", { name: /Buy on Etsy/ });
    expect(await buy.getAttribute("href")).toBe(product.etsy_link);
    expect(await buy.getAttribute("target")).toBe("_blank");
    expect(await buy.getAttribute("rel")).toContain("noopener");
    expect(await page.title()).toContain(product.name);

    // A link to a product that does not exist shows the not-found screen, and its link back works.
    await openApp(page, "/products/999999");
    await page.getByRole("heading", { level: 1, name: "Product not found" }).waitFor();
    expect(await page.title()).toContain("Product not found");
    await expectNoViolations(page, "product not found");
    await screenshot(page, `product-not-found-${kind}`);
    await page.getByRole("main").getByRole("link", { name: "Back to products" }).click();
    await page.waitForURL((url) => url.pathname === "/products");
    await expectProductsShown(page, products);
  });

  test("product page: gallery, category link, sanitized description, share; about page", async () => {
    const page = await openPage(kind);
    const gallery = products.find((p) => p.images.length > 1) as Product;
    expect(gallery).toBeDefined();
    await openApp(page, `/products/${gallery.id}`);
    await page.getByRole("heading", { level: 1, name: gallery.name }).waitFor();
    // Painted from the embedded data: the loading text never shows on the first load.
    expect(await page.getByText("Loading product....").count()).toBe(0);

    const main = page.getByRole("main");
    const mainImage = main.locator("img[fetchpriority=high]");
    expect(await mainImage.getAttribute("src")).toBe(gallery.images[0]);
    const thumbs = main.getByRole("list", { name: "Product images" }).getByRole("button");
    expect(await thumbs.count()).toBe(gallery.images.length);
    expect(await thumbs.nth(0).getAttribute("aria-pressed")).toBe("true");
    await thumbs.nth(1).click();
    await page.waitForFunction(
      (src) => document.querySelector("main img[fetchpriority=high]")?.getAttribute("src") === src,
      gallery.images[1],
    );
    expect(await thumbs.nth(1).getAttribute("aria-pressed")).toBe("true");
    expect(await mainImage.getAttribute("alt")).toBe(`${gallery.name}, image 2 of ${gallery.images.length}`);

    // Category link, long description rendered as HTML.
    const category = categories.find((c) => c.id === gallery.category_id) as Category;
    const categoryLink = main.getByRole("link", { name: category.name, exact: true });
    expect(await categoryLink.getAttribute("href")).toBe(`/products?category=${category.id}`);
    const description = main.getByRole("region", { name: "Description" });
    expect(await description.locator("p").count()).toBeGreaterThan(0);
    await expectNoViolations(page, "product page");
    await screenshot(page, `product-${kind}`);

    // Share: with no Web Share API here, the link is copied.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await main.getByRole("button", { name: "Share" }).click();
    await main.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/products/${gallery.id}`);

    // The category link opens the products page filtered to it.
    await categoryLink.click();
    await page.waitForURL(`**/products?category=${category.id}`);
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === category.id),
    );

    // A product without images shows the placeholder.
    const bare = products.find((p) => p.images.length === 0);
    if (bare) {
      await openApp(page, `/products/${bare.id}`);
      await page.getByRole("heading", { level: 1, name: bare.name }).waitFor();
      expect(await main.locator("img[fetchpriority=high]").getAttribute("src")).toBe("/images/placeholder.svg");
      expect(await main.getByRole("list", { name: "Product images" }).count()).toBe(0);
    }

    // A malformed id is a missing product too.
    await openApp(page, "/products/abc");
    await page.getByRole("heading", { level: 1, name: "Product not found" }).waitFor();

    // An unknown or malformed ?category= shows every product.
    for (const query of ["abc", "999999"]) {
      await openApp(page, `/products?category=${query}`);
      await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
      await expectProductsShown(page, products);
      expect(
        await page
          .getByRole("group", { name: "Filter by category" })
          .getByRole("button", { name: "All" })
          .getAttribute("aria-pressed"),
      ).toBe("true");
    }

    // The founder's story, with a link to the products.
    await openApp(page, "/about");
    await page.getByRole("heading", { level: 1, name: "From my grandmother’s garden to your home" }).waitFor();
    expect(await page.title()).toContain("Our story");
    expect(await main.getByText("Ayşe Demir", { exact: false }).count()).toBeGreaterThan(0);
    expect(await main.getByRole("link", { name: "Explore our products" }).getAttribute("href")).toBe("/products");
    await expectNoViolations(page, "/about");
    await screenshot(page, `about-${kind}`);
  });
});

describe("catalogue data", () => {
  test("a search typed before the whole list has arrived waits for it, then searches every product", async () => {
    const page = await openPage("phone");
    // A first visit: the page has its first products, the device nothing yet, the list is slow.
    const releaseList = await holdRequests(page, "**/api/products");
    await openApp(page, "/products");
    const last = products.at(-1) as Product;
    expect(products.indexOf(last)).toBeGreaterThanOrEqual(productsPageSize);
    await page.getByRole("searchbox", { name: "Search products" }).fill(last.name);
    // Not "no products" from the first page alone: the loading cards, until the list is there.
    await page.getByRole("list", { name: "Loading products" }).waitFor();
    expect(await page.getByText(emptyText, { exact: true }).count()).toBe(0);
    await releaseList();
    await expectProductsShown(
      page,
      products.filter((p) => queryMatcher(last.name, categories)(searchTextOf(p), p.category_id)),
    );
  });

  test("when the catalogue worker's script cannot load, the page says so where it has nothing to show", async () => {
    const context = await phoneContext(browser, server.url);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    // The worker is created as soon as the page is painted, before the store listens to it: its
    // failure must still reach the screens (ADR 0028).
    const workerScript = /\/assets\/catalogue-worker-[\w-]+\.js$/;
    failOnPageErrors(page, [/Failed to load resource: net::ERR_FAILED/]);
    let aborted = 0;
    await context.route(workerScript, (route) => {
      aborted += 1;
      return route.abort("failed");
    });
    await openApp(page, "/products");
    // The page's own products stay on screen.
    expect(await productGrid(page).count()).toBe(productsPageSize);
    // A search needs the whole list, which only the worker holds.
    await page.getByRole("searchbox", { name: "Search products" }).fill("lavanta");
    await page.getByText("We could not reach the server. Check your connection and try again.").waitFor();
    expect(aborted).toBe(1);
  });

  test("a category opened by link before the full list loads is fetched alone; moving between screens does not refetch", async () => {
    const page = await openPage("desktop");
    const calls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) calls.push(`${url.pathname}${url.search}`);
    });
    // /about carries no catalogue data, and the full list is slow to come.
    const releaseList = await holdRequests(page, "**/api/products");
    await openApp(page, "/about");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const category = categories[1] as Category;
    await page.getByRole("banner").getByRole("link", { name: "Products", exact: true }).hover();
    await page
      .getByRole("banner")
      .getByRole("list", { name: "Product categories" })
      .getByRole("link", { name: category.name, exact: true })
      .click();
    await page.waitForURL(`**/products?category=${category.id}`);
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === category.id),
    );
    expect(calls).toContain(`/api/products?category_id=${category.id}`);
    expect(calls).toContain("/api/products");
    const listArrived = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/products");
    await releaseList();
    await listArrived;

    // Products → a product → back to products → home: nothing fetched again.
    const before = calls.filter((c) => c.startsWith("/api/products")).length;
    const product = products.find((p) => p.category_id === category.id) as Product;
    await page.getByRole("main").getByRole("link", { name: product.name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    await page.goBack();
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === category.id),
    );
    await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
    await page.getByRole("region", { name: "Featured products" }).getByRole("article").nth(2).waitFor();
    expect(calls.filter((c) => c.startsWith("/api/products")).length).toBe(before);
  });

  test("one visit stores the whole catalogue on the device; the next page revalidates it with ETags", async () => {
    const page = await openPage("desktop");
    await countProductsPerWorkerMessage(page);
    const answers: string[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      // The catalogue's calls; a product page also counts its view (POST /api/events, issue 31).
      if (url.pathname.startsWith("/api/") && url.pathname !== "/api/events")
        answers.push(`${url.pathname}${url.search} ${response.status()}`);
    });
    const stored = () => storedProductIds(page);

    // A product page, which arrived with its product: the whole catalogue is fetched once.
    const product = products[1] as Product;
    const listStored = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/products");
    await openApp(page, `/products/${product.id}`);
    await listStored;
    await expect.poll(stored).toEqual(products.map((p) => p.id).sort((a, b) => a - b));
    await expect.poll(() => [...answers].sort()).toEqual(["/api/categories 200", "/api/products 200"]);

    // The next page load asks whether it changed: 304s, nothing parsed or stored again.
    answers.length = 0;
    const revalidated = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/products");
    await openApp(page, "/");
    await revalidated;
    await expect.poll(() => [...answers].sort()).toEqual(["/api/categories 304", "/api/products 304"]);
    // The page is handed what it shows (the featured products), never the whole catalogue: the
    // worker keeps it and answers the screens' questions (ADR 0024).
    await page.getByRole("region", { name: "Featured products" }).getByRole("article").nth(2).waitFor();
    const perMessage = await page.evaluate(
      () => (window as unknown as { __productsPerMessage: number[] }).__productsPerMessage,
    );
    expect(Math.max(...perMessage)).toBe(3);
    expect(products.length).toBeGreaterThan(productsPageSize);
    // Opening the products page from home needs no request at all.
    await page.getByRole("main").getByRole("link", { name: "View all products" }).first().click();
    await expectProductsShown(page, products);
    expect([...answers].sort()).toEqual(["/api/categories 304", "/api/products 304"]);
  });

  test("a page asks the worker each question once, also the one asked before the device's copy is told", async () => {
    const page = await openPage("phone");
    await openApp(page, "/products");
    await expect.poll(() => storedProductIds(page)).toEqual(products.map((p) => p.id).sort((a, b) => a - b));
    // From the next page on: each list question the page writes to the worker.
    await page.addInitScript(() => {
      const questions: string[] = [];
      Object.assign(window, { __questions: questions });
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: [never]) {
        // A call to the worker (web/lib/worker-calls.ts, ADR 0039): the method's name and its arguments.
        const call = message as { name?: string; args?: unknown[] };
        if (call.name === "list") questions.push(JSON.stringify(call.args));
        return post.call(this, message, ...rest);
      };
    });
    await openApp(page, "/products");
    // The first question is written before the worker has told the page its copy (it tells
    // nothing until written to, ADR 0028): its answer, and the search's, come from that copy.
    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.focus();
    const wanted = products.at(-1) as Product;
    await search.fill(wanted.name);
    await expectProductsShown(
      page,
      products.filter((p) => queryMatcher(wanted.name, categories)(searchTextOf(p), p.category_id)),
    );
    const questions = await page.evaluate(() => (window as unknown as { __questions: string[] }).__questions);
    expect(questions.length).toBeGreaterThanOrEqual(2);
    expect(questions).toEqual([...new Set(questions)]);
  });

  test("the products page shows 6 skeleton cards while nothing is known yet", async () => {
    const page = await openPage("phone");
    const release = await holdRequests(page, "**/api/products");
    await openApp(page, "/about");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Explore our products" }).click();
    const skeletons = page.getByRole("list", { name: "Loading products" });
    await skeletons.waitFor();
    expect(await skeletons.locator("li").count()).toBe(6);
    await release();
    await expectProductsShown(page, products);
    expect(await skeletons.count()).toBe(0);
  });
});

describe("catalogue pages rendered on the server", () => {
  test("without JavaScript a shopper still sees the featured products, a category and a product page", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured products" });
    expect(await featured.locator("article h3").allInnerTexts()).toEqual(products.slice(0, 3).map((p) => p.name));
    // The header's Products menu is complete in the server's markup too.
    expect(
      await page.locator('header ul[aria-label="Product categories"]').first().locator("a").allTextContents(),
    ).toEqual(["All Products", ...categories.map((c) => c.name)]);

    const category = categories[1] as Category;
    await page.goto(`/products?category=${category.id}`);
    expect(await page.locator("main article h2").allInnerTexts()).toEqual(
      products.filter((p) => p.category_id === category.id).map((p) => p.name),
    );

    // The cards are plain links: following one loads the product's own server-rendered page.
    const product = products.find((p) => p.category_id === category.id) as Product;
    await page.getByRole("main").getByRole("link", { name: product.name, exact: true }).click();
    await page.waitForURL(`**/products/${product.id}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expect(await page.getByRole("link", { name: /Buy on Etsy/ }).getAttribute("href")).toBe(product.etsy_link);
  });

  test("React adopts the server's markup instead of painting the page again", async () => {
    const page = await openPage("phone");
    // Hold every script until the server's markup has been marked.
    const release = await holdRequests(page, "**/assets/*.js");
    // Module scripts run before DOMContentLoaded: wait for the markup itself.
    await page.goto("/products", { waitUntil: "commit" });
    // The server renders the first page of the list; the device holds the rest.
    const firstPage = Math.min(products.length, productsPageSize);
    await page
      .locator("main article")
      .nth(firstPage - 1)
      .waitFor();
    await page.evaluate(() => {
      const marked = window as unknown as { serverHeading?: Element | null; serverCard?: Element | null };
      marked.serverHeading = document.querySelector("main h1");
      marked.serverCard = document.querySelector("main article");
    });
    expect(await page.locator("main article").count()).toBe(firstPage);
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await release();
    await waitForApp(page);

    // Hydrated: the elements the server sent are still the ones shown.
    const adopted = await page.evaluate(() => {
      const marked = window as unknown as { serverHeading?: Element | null; serverCard?: Element | null };
      return {
        heading:
          marked.serverHeading?.isConnected === true && marked.serverHeading === document.querySelector("main h1"),
        card: marked.serverCard?.isConnected === true && marked.serverCard === document.querySelector("main article"),
      };
    });
    expect(adopted).toEqual({ heading: true, card: true });

    // And they respond: the filters work.
    const category = categories[0] as Category;
    await page.getByRole("group", { name: "Filter by category" }).getByRole("button", { name: category.name }).click();
    await page.waitForURL(`**/products?category=${category.id}`);
    await expectProductsShown(
      page,
      products.filter((p) => p.category_id === category.id),
    );
    expect(await page.evaluate(() => (window as { serverHeading?: Element }).serverHeading?.isConnected)).toBe(true);
  });
});
