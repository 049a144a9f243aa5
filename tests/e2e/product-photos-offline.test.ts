import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { parsePhotoAddress, photoSrcSet } from "../../worker/contract/photos.ts";
import { openProductFormOffline } from "../support/admin-code.ts";
import { openApp, reloadOfflineWithoutHttpCache, screenshot, waitForApp } from "../support/browser.ts";
import { getJson } from "../support/server.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";

// Issue 41, ADR 0093: photos added on a phone that has been offline for days join the admin's
// outbox with the product's change; every screen of the device shows them at once; a reload and
// an app restart lose nothing; back online, each photo is uploaded once, before the product change
// that lists it, and the shop serves it.

const { shop, openPage } = setUpDevelopmentShop();

const fixtures = new URL("../fixtures/photos/", import.meta.url);
const photo = (name: string) => ({ name, mimeType: "image/jpeg", buffer: readFileSync(new URL(name, fixtures)) });
const sideways = photo("nokia-phone-orientation-6-gps.jpg");
const upright = photo("jolla-phone.jpg");

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

/** Each picture in the product list's card for `name`, once loaded: its address and natural width. */
const cardPictures = (page: Page, name: string) =>
  page
    .getByRole("tabpanel")
    .getByRole("listitem")
    .filter({ hasText: name })
    .locator("img")
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).map((img) => [img.getAttribute("src"), img.complete ? img.naturalWidth : 0]),
    );

/**
 * Every answer the server gives to an upload, whichever page of the device sent it (tries made
 * offline fail on the device and get no answer).
 */
function uploadAnswers(page: Page): { status: number; key: string }[] {
  const answers: { status: number; key: string }[] = [];
  page.context().on("response", (response) => {
    const request = response.request();
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/admin/images")
      answers.push({ status: response.status(), key: request.headers()["idempotency-key"] ?? "" });
  });
  return answers;
}

/**
 * The admin signs in, opens `name`'s form offline on a device without its HTTP cache, and adds
 * the two photos; both are made on the device and wait for the network.
 */
async function addTwoPhotosOffline(page: Page, name: string) {
  await openApp(page, "/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword);
  await status(page, "All changes saved");
  const form = await openProductFormOffline(page, name);
  await form.getByLabel("Add Photos").setInputFiles([sideways, upright]);
  const tiles = form.getByRole("list", { name: "Photos" }).getByRole("listitem");
  await expect.poll(() => tiles.getByText("Waiting to upload").count(), { timeout: 20_000 }).toBe(2);
  return { form, tiles };
}

test("phone, offline for days: photos added to a product are kept, shown, survive a reload and a restart, and upload once when back online", async () => {
  const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);
  const context = page.context();
  const products = await getJson<Product[]>(shop.server, "/api/products");
  const edited = products.find((p) => p.images.length > 0) as Product;
  const answers = uploadAnswers(page);

  // Both made on the device and waiting for the network, upright (the sideways one is a portrait).
  const { form } = await addTwoPhotosOffline(page, edited.name);
  const imageFields = form.getByRole("group", { name: "Images" }).getByRole("textbox");
  const images = await imageFields.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
  expect(images.slice(0, edited.images.length)).toEqual(edited.images);
  const added = images.slice(edited.images.length);
  expect(added).toHaveLength(2);
  for (const src of added) expect(parsePhotoAddress(src)).not.toBeNull();
  // The photos become the product's only pictures: its card and page show the first.
  for (let i = 0; i < edited.images.length; i++) await form.getByRole("button", { name: "Remove image 1" }).click();
  expect(await imageFields.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value))).toEqual(added);
  const [firstHash] = added.map((src) => parsePhotoAddress(src)?.hash);
  await form.getByRole("list", { name: "Photos" }).scrollIntoViewIfNeeded();
  await screenshot(page, "product-photos-offline-phone", { fullPage: false });

  await form.getByRole("button", { name: "Update Product" }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");
  await status(page, "3 changes waiting to sync");
  expect(answers).toEqual([]);

  // The device shows the photos already: the product's card, and a shopper's page of this device.
  const shownAdded = async (on: Page) => {
    await expect
      .poll(
        async () =>
          (await cardPictures(on, edited.name)).filter(
            ([src, width]) => String(src).startsWith(`/images/${firstHash}-`) && Number(width) > 0,
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
  };
  await shownAdded(page);
  const shopper = await context.newPage();
  await shopper.goto(`/products/${edited.id}`);
  await waitForApp(shopper);
  const shownOnPage = () =>
    shopper
      .getByRole("main")
      .locator("img")
      .evaluateAll((all) =>
        (all as HTMLImageElement[])
          .filter((img) => img.complete && img.naturalWidth > 0)
          .map((img) => img.currentSrc.replace(location.origin, "")),
      );
  await expect
    .poll(async () => (await shownOnPage()).filter((src) => src.startsWith(`/images/${firstHash}-`)).length, {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  await shopper.close();

  // A reload with the HTTP cache emptied, then the app closed and opened again: still waiting.
  await reloadOfflineWithoutHttpCache(page);
  await status(page, "3 changes waiting to sync");
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto("/admin");
  await waitForApp(reopened);
  await status(reopened, "3 changes waiting to sync");
  await reopened.getByRole("button", { name: "3 changes waiting to sync" }).click();
  await reopened.getByText(`Photo upload: “${sideways.name}”`).waitFor();
  await reopened.getByText(`Photo upload: “${upright.name}”`).waitFor();
  await screenshot(reopened, "product-photos-offline-outbox-phone", { fullPage: false });
  await tab(reopened, "Product Management").click();
  await shownAdded(reopened);

  // Back online: each photo uploaded once, then the product with both.
  await context.setOffline(false);
  await status(reopened, "All changes saved");
  expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
  expect(new Set(answers.map((answer) => answer.key)).size).toBe(2);
  const saved = await getJson<Product>(shop.server, `/api/products/${edited.id}`);
  expect(saved.images).toEqual(added);
  for (const src of added) {
    for (const entry of (photoSrcSet(src) ?? "").split(", ")) {
      const served = await fetch(new URL(entry.split(" ")[0] as string, shop.server.url));
      expect(served.status).toBe(200);
    }
  }
}, 120_000);

test("phone, online: a product saved while its photo still uploads is created with the photo, sent after it", async () => {
  const page = await openPage("phone");
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const order: string[] = [];
  await page.route("**/api/admin/images", async (route) => {
    order.push("photo");
    await held;
    await route.continue();
  });
  await page.route("**/api/admin/products", async (route) => {
    if (route.request().method() === "POST") order.push("product");
    await route.continue();
  });
  await openApp(page, "/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword);
  await status(page, "All changes saved");
  await tab(page, "Product Management").click();
  await page.getByRole("button", { name: "Add Product" }).click();
  const form = page.getByRole("form", { name: "Add Product" });
  await form.getByLabel("Add Photos").setInputFiles([upright]);
  await expect.poll(() => order, { timeout: 20_000 }).toEqual(["photo"]);
  const [src] = await form
    .getByRole("group", { name: "Images" })
    .getByRole("textbox")
    .evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));

  await form.getByLabel("Name").fill("Yüklenirken Kaydedilen");
  await form.getByLabel("Category").selectOption({ index: 1 });
  await form.getByLabel("Short Description").fill("Fotoğraf yüklenirken kaydedildi.");
  await form.getByLabel("Shop Link").fill("https://shop.example.com/yuklenirken");
  await form.getByRole("button", { name: "Create Product" }).click();
  // The product waits behind its photo: nothing about it reaches the server yet.
  await page.waitForTimeout(1_000);
  expect(order).toEqual(["photo"]);
  release();
  await page.getByRole("status").filter({ hasText: "Product created successfully!" }).waitFor();
  expect(order).toEqual(["photo", "product"]);
  const saved = (await getJson<Product[]>(shop.server, "/api/products")).find(
    (p) => p.name === "Yüklenirken Kaydedilen",
  );
  expect(saved?.images).toEqual([src]);
});

test("phone, offline: a photo taken out of the form, and the photos of a form closed unsaved, are never uploaded", async () => {
  const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);
  const context = page.context();
  const products = await getJson<Product[]>(shop.server, "/api/products");
  const edited = products.at(-1) as Product;
  const uploads = uploadAnswers(page);

  const { form, tiles } = await addTwoPhotosOffline(page, edited.name);
  await status(page, "2 changes waiting to sync");

  // One photo taken out: its upload leaves the outbox. Then the form closed without saving.
  await tiles
    .last()
    .getByRole("button", { name: /^Remove photo/ })
    .click();
  await status(page, "1 change waiting to sync");
  await form.getByRole("button", { name: "Cancel" }).click();
  await status(page, "All changes saved");

  // Back online, nothing is sent, and the product keeps the pictures it had.
  await context.setOffline(false);
  await page.waitForTimeout(2_000);
  await status(page, "All changes saved");
  expect(uploads).toEqual([]);
  expect((await getJson<Product>(shop.server, `/api/products/${edited.id}`)).images).toEqual(edited.images);
}, 120_000);
