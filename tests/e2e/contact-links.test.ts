import { expect, test } from "vitest";
import { expectAccessible, openApp, screenshot } from "../support/browser.ts";
import { openShopPage, type ShopInBrowser, setUpShopInBrowser } from "../support/shop-in-browser.ts";

// docs/product.md §1's four contact links on a phone (issue 27): a floating column of four would cover the
// right edge of what the shopper reads and taps, so one button opens it. The desktop column and
// its hover labels are checked in home.test.ts.

let shop: ShopInBrowser;
setUpShopInBrowser((started) => {
  shop = started;
});

const labels = ["Bize WhatsApp'tan yazın", "Etsy mağazamız", "Instagram sayfamız", "Pinterest panolarımız"];

const openPhone = () => openShopPage(shop, "phone");

test("on a phone one button opens the four contact links, with their labels shown", async () => {
  const page = await openPhone();
  const product = shop.products[0];
  if (!product) throw new Error("the seed has no product");
  await openApp(page, `/products/${product.id}`);
  const contact = page.getByRole("navigation", { name: "Bize ulaşın" });
  const button = contact.getByRole("button", { name: "Bize ulaşın" });

  // Closed, the control takes one button's corner of the screen, not a column of four.
  expect(await button.getAttribute("aria-expanded")).toBe("false");
  expect(await contact.getByRole("link").count()).toBe(0);
  const corner = await contact.boundingBox();
  expect(corner?.width).toBeLessThanOrEqual(48);
  expect(corner?.height).toBeLessThanOrEqual(48);
  await page.getByRole("button", { name: /Share/ }).scrollIntoViewIfNeeded();
  await screenshot(page, "contact-links-phone-closed", { fullPage: false });

  // Open: the four links, each opening in a new tab, each with its label in view (no hover on a
  // touch screen).
  await button.click();
  await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
  const links = contact.getByRole("link");
  expect(await links.allTextContents()).toEqual(labels);
  for (const link of await links.all()) {
    expect(await link.getAttribute("target")).toBe("_blank");
    expect((await link.getAttribute("rel"))?.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
    expect(await link.locator("span").evaluate((label) => getComputedStyle(label).opacity)).toBe("1");
  }
  await screenshot(page, "contact-links-phone-open", { fullPage: false });
  await expectAccessible(page);

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press("Escape");
  await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
  expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await contact.getByRole("link").count()).toBe(0);

  // A tap elsewhere on the page closes it too.
  await button.click();
  await links.first().waitFor();
  await page.getByRole("heading", { level: 1 }).tap();
  await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
  expect(await contact.getByRole("link").count()).toBe(0);
});
