import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { shareTarget } from "../../worker/contract/share-target.ts";
import { openApp, waitForApp } from "../support/browser.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";

// Issue 41: the installed app is a share target (ADR 0095). Chromium on a phone, with the service
// worker controlling the page, posts a share as the phone's share sheet does: a multipart POST
// navigation to the manifest's action, with real phone photos (tests/fixtures/photos). The admin
// gets a new product form holding them; anyone else the sign-in screen, and the photos are gone.

const { shop, openPage } = setUpDevelopmentShop();

const fixtures = new URL("../fixtures/photos/", import.meta.url);
type SharedFile = { name: string; type: string; base64: string };
const phonePhoto = (name: string): SharedFile => ({
  name,
  type: "image/jpeg",
  base64: readFileSync(new URL(name, fixtures)).toString("base64"),
});
/** Orientation 6, 4608×1976 as stored: upright its 480 px preview is 480×1119. */
const sideways = phonePhoto("nokia-phone-orientation-6-gps.jpg");

/** Waits until the service worker controls the page, as in the installed app. */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");

/**
 * Shares `files` as the share sheet does: a `<form method=post enctype=multipart/form-data>` to
 * the manifest's action, its file input filled through DataTransfer, submitted as a navigation.
 * Resolves once the app has started on the page the navigation ends at.
 */
async function share(page: Page, files: SharedFile[]): Promise<void> {
  await page.evaluate(
    ({ files, action, field }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.enctype = "multipart/form-data";
      form.action = action;
      const input = document.createElement("input");
      input.type = "file";
      input.name = field;
      input.multiple = true;
      const chosen = new DataTransfer();
      for (const { name, type, base64 } of files) {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        chosen.items.add(new File([bytes], name, { type }));
      }
      input.files = chosen.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { files, action: shareTarget.action, field: shareTarget.filesField },
  );
  await page.waitForURL((url) => url.pathname.endsWith("/admin"));
  await waitForApp(page);
}

const keptShares = (page: Page) => page.evaluate((name) => caches.has(name), shareTarget.cache);

async function signInAsAdmin(page: Page) {
  await openApp(page, "/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword);
}

test("phone: a photo shared to the app opens a new product form with it, previewed upright, for the signed-in admin", async () => {
  const page = await openPage("phone");
  await signInAsAdmin(page);
  await controlled(page);

  await share(page, [sideways]);
  const form = page.getByRole("form", { name: "Add Product" });
  await form.waitFor();
  expect(await page.getByRole("tab", { name: "Product Management", exact: true }).getAttribute("aria-selected")).toBe(
    "true",
  );
  // The shared photo went the "Add Photos" way: previewed upright, then uploaded into the images.
  const preview = form.getByRole("list", { name: "Photos" }).getByRole("img", { name: "Photo 1" });
  await expect
    .poll(
      () =>
        preview.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : [0, 0])),
      { timeout: 15_000 },
    )
    .toEqual([480, 1119]);
  const imageFields = form.getByRole("group", { name: "Images" }).getByRole("textbox");
  await expect
    .poll(() => imageFields.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value)), {
      timeout: 20_000,
    })
    .toEqual([expect.stringMatching(/^\/images\/[0-9a-f]{64}-1600\.webp$/)]);

  // Read once and gone: the marker left the address, the device keeps no copy, and a reload
  // opens the dashboard as usual, with no form.
  expect(new URL(page.url()).search).toBe("");
  expect(await keptShares(page)).toBe(false);
  await page.reload();
  await waitForApp(page);
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  expect(
    await page.getByRole("tab", { name: "Users & Survey Responses", exact: true }).getAttribute("aria-selected"),
  ).toBe("true");
  expect(await page.getByRole("form", { name: "Add Product" }).count()).toBe(0);
});

test("phone: more than 10 shared photos are refused with the form's own message", async () => {
  const page = await openPage("phone");
  await signInAsAdmin(page);
  await controlled(page);

  const tiny = (place: number): SharedFile => ({ name: `IMG_${place}.jpg`, type: "image/jpeg", base64: "/9j/2Q==" });
  await share(
    page,
    Array.from({ length: 11 }, (_, place) => tiny(place)),
  );
  const form = page.getByRole("form", { name: "Add Product" });
  await form.getByRole("alert").filter({ hasText: "Choose up to 10 photos at once (you chose 11)." }).waitFor();
  expect(await form.getByRole("list", { name: "Photos" }).count()).toBe(0);
  expect(await keptShares(page)).toBe(false);
});

test("phone: a visitor who shares photos gets the sign-in screen, in the chosen language, and the photos are deleted", async () => {
  const page = await openPage("phone");
  await page.context().addCookies([{ name: "locale", value: "tr", url: shop.server.url }]);
  await openApp(page, "/tr");
  await controlled(page);

  await share(page, [sideways]);
  await page.getByLabel("Yönetici e-posta adresi").waitFor();
  expect(new URL(page.url()).pathname).toBe("/tr/admin");
  expect(new URL(page.url()).search).toBe("");
  await expect.poll(() => keptShares(page)).toBe(false);
  // Signing in now opens the dashboard, not a form with the visitor's photos.
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword, "tr");
  expect(await page.getByRole("form", { name: "Ürün Ekle" }).count()).toBe(0);
});
