import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { openProductFormOffline } from "../support/admin-code.ts";
import { expectAccessible, openApp, screenshotDir, waitForApp } from "../support/browser.ts";
import { getJson } from "../support/server.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";

// Issue 40, the administrator's English texts (ADR 0087): written in the product form's English
// group, saved through the outbox (online, and offline then back online), and shown on the
// English product page, while the Turkish page keeps the Turkish texts.

const { shop: running, openPage } = setUpDevelopmentShop();

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();

async function signIn(page: Page) {
  await openApp(page, "/admin");
  await page.getByLabel("Admin Email").fill(running.server.adminEmail);
  await page.getByLabel("Admin Password").fill(running.server.adminPassword);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await status(page, "All changes saved");
}

/** The form alone, for a person to look at (tests/e2e/screenshots/, git-ignored). */
async function formScreenshot(form: Locator, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await form.screenshot({ path: `${screenshotDir}${name}.png`, animations: "disabled" });
}

/** Opens the form's English group and fills it; the description through the rich-text editor. */
async function fillEnglish(form: Locator, page: Page, texts: { name: string; short: string; description?: string }) {
  await form.getByText("English texts", { exact: true }).click();
  await form.getByLabel("English name").fill(texts.name);
  await form.getByLabel("English short description").fill(texts.short);
  if (texts.description) {
    await form.getByRole("textbox", { name: "English description", exact: true }).click();
    await page.keyboard.type(texts.description);
  }
}

/** The product page's heading, and the language it is marked with (null: the page's). */
async function productHeading(page: Page, path: string) {
  await openApp(page, path);
  const heading = page.getByRole("main").getByRole("heading", { level: 1 });
  return { text: await heading.textContent(), lang: await heading.getAttribute("lang") };
}

test("desktop, online: the admin writes a product's English texts; the English page shows them, the Turkish page the Turkish", async () => {
  const page = await openPage("desktop");
  await signIn(page);
  await tab(page, "Product Management").click();
  await page.getByRole("button", { name: "Add Product" }).click();
  const form = page.getByRole("form", { name: "Add Product" });
  await form.getByLabel("Name").fill("Kantaron Yağı");
  await form.getByLabel("Category").selectOption({ index: 1 });
  await form.getByLabel("Short Description").fill("Zeytinyağında bekletilmiş sarı kantaron.");
  await form.getByRole("textbox", { name: "Description", exact: true }).click();
  await page.keyboard.type("Güneşte kırk gün bekletilir.");
  await fillEnglish(form, page, {
    name: "St John's Wort Oil",
    short: "St John's wort steeped in olive oil.",
    description: "Steeped in the sun for forty days.",
  });
  await form.getByLabel("Shop Link").fill("https://www.etsy.com/listing/4087/kantaron");
  await formScreenshot(form, "english-texts-form-desktop");
  await expectAccessible(page);
  await form.getByRole("button", { name: "Create Product" }).click();
  await status(page, "Product created successfully!");

  const product = (await getJson<Product[]>(running.server, "/api/products")).find((p) => p.name === "Kantaron Yağı");
  expect(product).toMatchObject({
    name_en: "St John's Wort Oil",
    short_description_en: "St John's wort steeped in olive oil.",
    long_description_en: "<p>Steeped in the sun for forty days.</p>",
  });
  const id = product?.id as number;

  const shopper = await openPage("desktop");
  expect(await productHeading(shopper, `/products/${id}`)).toEqual({ text: "St John's Wort Oil", lang: null });
  const main = shopper.getByRole("main");
  await main.getByText("St John's wort steeped in olive oil.").waitFor();
  await main.getByText("Steeped in the sun for forty days.").waitFor();
  expect(await shopper.title()).toBe("St John's Wort Oil · Doğal Yaşam");
  expect(await productHeading(shopper, `/tr/products/${id}`)).toEqual({ text: "Kantaron Yağı", lang: null });
  await shopper.getByRole("main").getByText("Güneşte kırk gün bekletilir.").waitFor();
  expect(await shopper.getByRole("main").getByText("St John's Wort Oil").count()).toBe(0);

  // The edit form opens with the English group open, in Turkish too.
  await openApp(page, "/tr/admin");
  await tab(page, "Ürün Yönetimi").click();
  await page.getByRole("button", { name: "Düzenle Kantaron Yağı" }).click();
  const turkishForm = page.getByRole("form", { name: "Düzenle: “Kantaron Yağı”" });
  expect(await turkishForm.getByLabel("İngilizce ad").inputValue()).toBe("St John's Wort Oil");
  await turkishForm.getByRole("textbox", { name: "İngilizce açıklama", exact: true }).waitFor();
  await formScreenshot(turkishForm, "english-texts-form-desktop-tr");
  await page.setViewportSize({ width: 390, height: 844 });
  await formScreenshot(turkishForm, "english-texts-form-phone-tr");
});

test("phone, offline: English texts saved on the device, shown on its pages, and sent when back online", async () => {
  const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);
  const edited = (await getJson<Product[]>(running.server, "/api/products")).find((p) => !p.name_en);
  if (!edited) throw new Error("the seeded shop has products");
  await signIn(page);
  const form = await openProductFormOffline(page, edited.name);
  await fillEnglish(form, page, { name: "Offline English Name", short: "Written on the road." });
  await formScreenshot(form, "english-texts-form-phone");
  await form.getByRole("button", { name: "Update Product" }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");
  await status(page, "1 change waiting to sync");

  // The shopper's English pages on this device show the English name at once.
  const shopper = await page.context().newPage();
  await shopper.goto("/products");
  await waitForApp(shopper);
  await shopper.getByRole("main").getByRole("heading", { name: "Offline English Name", exact: true }).waitFor();
  await shopper.close();

  await page.context().setOffline(false);
  await status(page, "All changes saved");
  const sent = await getJson<Product>(running.server, `/api/products/${edited.id}`);
  expect(sent).toMatchObject({
    name: edited.name,
    name_en: "Offline English Name",
    short_description_en: "Written on the road.",
  });
  const online = await openPage("phone");
  expect(await productHeading(online, `/products/${edited.id}`)).toEqual({ text: "Offline English Name", lang: null });
  expect(await productHeading(online, `/tr/products/${edited.id}`)).toEqual({ text: edited.name, lang: null });
});
