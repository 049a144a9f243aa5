import type { Page } from "playwright-core";
import { expect, onTestFinished, test } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { failedRequest, holdRequests, offlineRequest, openApp, screenshot, waitForApp } from "../support/browser.ts";
import { setUpShop } from "../support/shop-in-browser.ts";

// Issues 37 (6) and 38 (8, 10) in Chromium, on the built app (docs/decisions/0068-honest-page-statuses.md,
// 0069-privacy-and-terms.md): the pages of the shop's own text read without JavaScript, an
// unknown address is a 404 with the not-found page the app then takes over, and both hold offline.

const { shop, openPage } = setUpShop();

/** Marks the page's h1 as the server sent it, to tell after the app starts whether React adopted it. */
const markHeading = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { serverHeading?: Element | null }).serverHeading = document.querySelector("main h1");
  });
const headingAdopted = (page: Page) =>
  page.evaluate(() => {
    const marked = (window as unknown as { serverHeading?: Element | null }).serverHeading;
    return marked?.isConnected === true && marked === document.querySelector("main h1");
  });

test("/about, /privacy and /terms have their text without JavaScript", async () => {
  const context = await shop.browser.newContext({ baseURL: shop.server.url, javaScriptEnabled: false });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  for (const [path, heading, text] of [
    ["/about", "From my grandmother’s garden to your home", "Kastamonu"],
    ["/privacy", "Privacy policy", "What we store when you sign up"],
    ["/terms", "Terms of service", "Health information is not medical advice"],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe(heading);
    expect(await page.getByRole("main").textContent(), path).toContain(text);
  }
});

test("an unknown address answers 404 with the not-found page, which the app takes over", async () => {
  const page = await openPage("desktop", [failedRequest(404, /\/nope/)]);
  const release = await holdRequests(page, "**/assets/*.js");
  const res = await page.goto("/nope", { waitUntil: "commit" });
  expect(res?.status()).toBe(404);
  // The server's page, before any script: its text and its ways onward.
  await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
  await markHeading(page);
  await release();
  await waitForApp(page);
  expect(await headingAdopted(page)).toBe(true);
  await screenshot(page, "not-found-desktop");
  // The app works from it: a link is followed in the browser.
  await page.getByRole("main").getByRole("link", { name: "Browse products" }).click();
  await page.waitForURL("**/products");
  await page
    .getByRole("main")
    .getByRole("heading", { level: 2, name: (shop.products[0] as Product).name })
    .waitFor();
});

test("a category that names nothing answers 404 and shows every product, as the app does", async () => {
  const page = await openPage("desktop", [failedRequest(404, /\/products\?category=999999/)]);
  const res = await page.goto("/products?category=999999");
  expect(res?.status()).toBe(404);
  await waitForApp(page);
  await page
    .getByRole("main")
    .getByRole("heading", { level: 2, name: (shop.products[0] as Product).name })
    .waitFor();
  // Its temperament links lead to real pages, without the category that is not there.
  const hrefs = await page
    .getByRole("main")
    .getByRole("link", { name: /^(All temperaments|Sanguine|Choleric|Melancholic|Phlegmatic)/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).not.toContain("category");
});

test("the sign-in note and the footer lead to the privacy policy and the terms", async () => {
  const page = await openPage("phone");
  await openApp(page, "/signin");
  await screenshot(page, "signin-phone", { fullPage: true });
  const note = page.getByText("By signing in, you agree to our");
  await note.getByRole("link", { name: "privacy policy" }).click();
  await page.waitForURL("**/privacy");
  await page.getByRole("heading", { level: 1, name: "Privacy policy" }).waitFor();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of service" }).click();
  await page.waitForURL("**/terms");
  await page.getByRole("heading", { level: 1, name: "Terms of service" }).waitFor();
  await openApp(page, "/signup");
  await page
    .getByText("By creating an account, you agree to our")
    .getByRole("link", { name: "terms of service" })
    .click();
  await page.waitForURL("**/terms");
});

test("offline, the privacy policy and the terms come back as they were, and an unknown address is still a 404", async () => {
  const page = await openPage("phone", [offlineRequest, failedRequest(404, /\/nope/)]);
  const context = page.context();
  await openApp(page, "/privacy");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await openApp(page, "/terms");

  await context.setOffline(true);
  for (const [path, heading] of [
    ["/privacy", "Privacy policy"],
    ["/terms", "Terms of service"],
    ["/about", "From my grandmother’s garden to your home"],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(res?.fromServiceWorker(), path).toBe(true);
    await waitForApp(page);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  }
  const missing = await page.goto("/nope");
  expect(missing?.status()).toBe(404);
  expect(missing?.fromServiceWorker()).toBe(true);
  await waitForApp(page);
  await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
  // Nothing was kept for it.
  const kept = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
  expect(kept).not.toContain("/nope");
  expect(kept).toEqual(expect.arrayContaining(["/privacy", "/terms"]));
});
