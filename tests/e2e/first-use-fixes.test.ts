import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { findProducts, searchTextOf } from "../../web/features/catalogue/product-search.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import {
  expectAccessible,
  failedRequest,
  offlineRequest,
  openApp,
  screenshot,
  waitForApp,
} from "../support/browser.ts";
import { type Member, newMember, signUpMember } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInThroughForm, signInToDashboard, submitSignInForm } from "../support/sign-in-form.ts";

// Issue 38: what a new user met on a 390 px phone and a desktop, on the seeded shop (the real
// Node server in development mode, its mailbox for the members' sign-up).

const { shop, openPage } = setUpDevelopmentShop();

/** Whether `element` is on screen: inside the viewport and below the sticky header. */
async function inView(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const header = await page.getByRole("banner").boundingBox();
  const viewport = page.viewportSize();
  if (!box || !header || !viewport) return false;
  return box.y >= header.y + header.height - 1 && box.y + box.height <= viewport.height + 1;
}

/** Whether `item` lies wholly inside the box of the row that scrolls it. */
async function insideRow(row: Locator, item: Locator): Promise<boolean> {
  const [outer, inner] = [await row.boundingBox(), await item.boundingBox()];
  if (!outer || !inner) return false;
  return inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1;
}

async function adminSignIn(page: Page) {
  await openApp(page, "/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword);
}

async function memberSignIn(page: Page, member: Member) {
  await signInThroughForm(page, member);
  await waitForApp(page);
}

describe("admin messages where the admin is looking", () => {
  test.each(["phone", "desktop"] as const)(
    "%s: a refused and a successful delete, tapped far down the list, are said in view and announced",
    async (kind) => {
      const page = await openPage(kind, [failedRequest(409, /\/api\//)]);
      page.on("dialog", (dialog) => void dialog.accept());
      await adminSignIn(page);
      await page.getByRole("tab", { name: "Category Management", exact: true }).click();
      const cards = page.getByRole("tabpanel").getByRole("article");
      await expect.poll(() => cards.count()).toBe(shop.categories.length);

      // A category that still has products: the last card's Delete, the list scrolled to it.
      const used = shop.categories.at(-1);
      expect(shop.products.some((p) => p.category_id === used?.id)).toBe(true);
      const remove = (name: string) => page.getByRole("button", { name: `Delete ${name}`, exact: true });
      await remove(used?.name ?? "").scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await remove(used?.name ?? "").click();
      const refusal = page.getByRole("alert").filter({ hasText: "Failed to delete category." });
      await refusal.waitFor();
      await expect.poll(() => inView(page, refusal)).toBe(true);
      await screenshot(page, `admin-refusal-in-view-${kind}`, { fullPage: false });

      // An empty one, added, then deleted from the bottom of the list: its success in view too.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("button", { name: "Add Category" }).click();
      await page.getByLabel("Name").fill(`Boş kategori ${kind}`);
      await page.getByRole("button", { name: "Create Category" }).click();
      await page.getByRole("status").filter({ hasText: "Category created successfully!" }).waitFor();
      await expect.poll(() => cards.count()).toBe(shop.categories.length + 1);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await remove(`Boş kategori ${kind}`).click();
      const success = page.getByRole("status").filter({ hasText: "Category deleted successfully!" });
      await success.waitFor();
      await expect.poll(() => inView(page, success)).toBe(true);
      await expect.poll(() => cards.count()).toBe(shop.categories.length);
      await screenshot(page, `admin-success-in-view-${kind}`, { fullPage: false });
    },
  );

  test("phone: the tab bar shows that it scrolls and brings the active tab into view", async () => {
    const page = await openPage("phone");
    await adminSignIn(page);
    const tabs = page.getByRole("tablist", { name: "Admin sections" });
    const fade = (side: "start" | "end") =>
      tabs.locator(`xpath=following-sibling::div[@data-fade="${side}"]`).evaluate((e) => getComputedStyle(e).opacity);
    // More tabs to the right than fit: a fade at the right end says so, none at the left.
    expect(await tabs.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
    await expect.poll(() => fade("end")).toBe("1");
    expect(await fade("start")).toBe("0");
    await screenshot(page, "admin-tabs-start-phone", { fullPage: false });

    // The last tab, reached by the keyboard: scrolled into the row, the fade now at the left end.
    await page.getByRole("tab", { selected: true }).focus();
    await page.keyboard.press("End");
    const settings = page.getByRole("tab", { name: "Settings", exact: true });
    await expect.poll(() => settings.getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => insideRow(tabs, settings)).toBe(true);
    await expect.poll(() => fade("start")).toBe("1");
    await expect.poll(() => fade("end")).toBe("0");

    // Product Ordering, in the middle of the row, chosen with the arrow keys: in view as well.
    for (const _ of [1, 2]) await page.keyboard.press("ArrowLeft");
    const ordering = page.getByRole("tab", { name: "Product Ordering", exact: true });
    await expect.poll(() => ordering.getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => insideRow(tabs, ordering)).toBe(true);
    await screenshot(page, "admin-tabs-ordering-phone", { fullPage: false });
    await expectAccessible(page);
  });

  test("phone: the ordering rows take the list's whole width", async () => {
    const page = await openPage("phone");
    await adminSignIn(page);
    await page.getByRole("tab", { name: "Product Ordering", exact: true }).click();
    const list = page.getByRole("list", { name: "Product order" });
    const rows = list.getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(shop.products.length);
    const listWidth = (await list.boundingBox())?.width ?? 0;
    expect(listWidth).toBeGreaterThan(300);
    for (const width of await rows.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width)))
      expect(Math.abs(width - listWidth)).toBeLessThan(1);
    await rows.first().scrollIntoViewIfNeeded();
    await screenshot(page, "admin-ordering-rows-phone", { fullPage: false });
  });
});

describe("the catalogue", () => {
  test("phone: a short Turkish search lists the products named so first, not most of the shop", async () => {
    const page = await openPage("phone");
    await openApp(page, "/products");
    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.focus();
    const texts = shop.products.map(searchTextOf);
    const ask = (query: string) =>
      findProducts(
        shop.products,
        texts,
        { categoryId: undefined, temperament: undefined, query, limit: 50 },
        shop.categories,
      );
    for (const query of ["arı", "ari", "bal"]) {
      const expected = ask(query);
      await search.fill(query);
      await page
        .getByRole("status")
        .filter({ hasText: new RegExp(`^${expected.total} products?$`) })
        .waitFor();
      const names = await page.locator("main article h2").allTextContents();
      expect(names).toEqual(expected.products.map((p) => p.name));
      // The bee products only, the one named "Arı …" first; nothing merely containing the letters.
      if (query !== "bal") {
        expect(names[0]).toBe("Arı Poleni");
        expect(names).not.toContain("Yedi Baharat Karışımı");
        expect(names).not.toContain("Ihlamur Çayı");
      } else expect(names.slice(0, 2).toSorted()).toEqual(["Kestane Balı", "Süzme Çiçek Balı"]);
    }
    await screenshot(page, "search-bal-phone", { fullPage: false });
  });

  test("phone: a category chosen from the menu has its chip brought into the chip row", async () => {
    const page = await openPage("phone");
    await openApp(page, "/");
    const last = shop.categories.at(-1);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: last?.name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === String(last?.id));
    const row = page.getByRole("group", { name: "Filter by category" });
    const chip = row.getByRole("button", { name: last?.name, exact: true });
    await expect.poll(() => chip.getAttribute("aria-pressed")).toBe("true");
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect.poll(() => insideRow(row, chip)).toBe(true);
    await screenshot(page, "category-chip-in-view-phone", { fullPage: false });
  });

  test("desktop: a card's picture is shown whole, not cropped", async () => {
    const page = await openPage("desktop");
    await openApp(page, "/products");
    const picture = page.locator("main article img").first();
    await picture.evaluate((img: HTMLImageElement) => img.decode());
    const shown = await picture.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const fit = getComputedStyle(img).objectFit;
      // The drawn picture's size inside the element's box, as object-fit places it.
      const scale =
        fit === "contain"
          ? Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight)
          : Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
      return { box, drawn: { width: img.naturalWidth * scale, height: img.naturalHeight * scale } };
    });
    expect(shown.drawn.height).toBeLessThanOrEqual(shown.box.height + 0.5);
    expect(shown.drawn.width).toBeLessThanOrEqual(shown.box.width + 0.5);
    await screenshot(page, "products-cards-desktop", { fullPage: false });
  });
});

describe("a member on home and on sign-in", () => {
  const member = newMember("Deniz Yılmaz", "deniz.sonuc@example.com", "papatya-çayı-12");

  test("phone: a member with a result sees it on home, with the ways to its products and the profile, offline too", async () => {
    await signUpMember(shop.server, member);
    const page = await openPage("phone", [offlineRequest]);
    await memberSignIn(page, member);
    const block = page.getByRole("region", { name: /^Your temperament: / });
    await block.waitFor();
    const dominant = (await block.getByRole("heading", { level: 2 }).textContent())?.replace("Your temperament: ", "");
    expect(dominant).toMatch(/^(Sanguine|Choleric|Melancholic|Phlegmatic)$/);
    expect(await page.getByText("Sign up and start").count()).toBe(0);
    expect(await block.getByRole("link", { name: `Products for ${dominant}` }).getAttribute("href")).toBe(
      `/products?temperament=${dominant?.toLowerCase()}`,
    );
    expect(await block.getByRole("link", { name: "Your profile" }).getAttribute("href")).toBe("/profile");
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, "home-member-result-phone", { fullPage: false });
    await expectAccessible(page);

    // Offline, from the result the device kept.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
    await page.context().setOffline(true);
    await page.reload();
    await waitForApp(page);
    await page.getByRole("region", { name: `Your temperament: ${dominant}` }).waitFor();
    expect(await page.getByText("Sign up and start").count()).toBe(0);
    await page.context().setOffline(false);
  });

  test("desktop: a member whose result is not there yet is told it is on its way, not invited to sign up", async () => {
    const waiting: Member = { ...member, email: "ece.bekliyor@example.com", firstName: "Ece" };
    await signUpMember(shop.server, waiting);
    const { client } = openNodeDatabase(
      { DATABASE_URL: shop.server.databaseUrl, DATABASE_AUTH_TOKEN: undefined },
      root,
    );
    try {
      await client.execute({
        sql: "DELETE FROM temperament_results WHERE user_id = (SELECT id FROM users WHERE email = ?)",
        args: [waiting.email],
      });
    } finally {
      client.close();
    }
    const page = await openPage("desktop");
    await memberSignIn(page, waiting);
    const block = page.getByRole("region", { name: "Your result is on its way" });
    await block.waitFor();
    expect(await page.getByText("Sign up and start").count()).toBe(0);
    expect(await block.getByRole("link", { name: "Your profile" }).getAttribute("href")).toBe("/profile");
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, "home-member-waiting-desktop", { fullPage: false });
    await expectAccessible(page);
  });

  test("phone: sign-in's error gives way to the reset panel's success: one message at a time", async () => {
    const page = await openPage("phone", [failedRequest(400, /\/api\/auth\/token\?grant_type=password/)]);
    await openApp(page, "/signin");
    await submitSignInForm(page, "nobody.here@example.com", "wrong-password-1");
    const error = page.getByText(/^Invalid email or password/);
    await error.waitFor();
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await page.getByRole("button", { name: "Send reset email" }).click();
    await page.getByText("Password reset email sent. Please check your inbox.").waitFor();
    expect(await error.count()).toBe(0);
    await screenshot(page, "signin-one-message-phone", { fullPage: false });

    // Signing in again: the reset panel's message goes, the sign-in's error is the one shown.
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await error.waitFor();
    expect(await page.getByText("Password reset email sent. Please check your inbox.").count()).toBe(0);
    // The address typed into the panel stays.
    expect(await page.getByRole("region", { name: "Reset your password" }).getByLabel("Email").inputValue()).toBe(
      "nobody.here@example.com",
    );
  });
});
