import { readFileSync } from "node:fs";
import type { Page, Request, Route } from "playwright-core";
import { expect, test } from "vitest";
import { readPhotoHeader } from "../../web/features/admin/products/photo-header.ts";
import type { Product } from "../../worker/contract/catalogue.ts";
import { photoUploadSchema } from "../../worker/contract/photo-upload.ts";
import { photoSrcSet, photoWidthsFor } from "../../worker/contract/photos.ts";
import { expectAccessible, openApp, screenshot } from "../support/browser.ts";
import { getJson } from "../support/server.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";

// Issue 41: the admin adds photos to a product from a phone. Each is made upright and small in the
// admin's photo worker and sent as its variants to the real server's `POST /api/admin/images`; the
// test reads every byte the page sent on the way, then the files the server stores and serves.

const { shop, openPage } = setUpDevelopmentShop();

const fixtures = new URL("../fixtures/photos/", import.meta.url);
const photo = (name: string) => ({ name, mimeType: "image/jpeg", buffer: readFileSync(new URL(name, fixtures)) });
/** Orientation 6, 4608×1976 as stored: upright it is 1976×4608. Carries GPS. */
const sideways = photo("nokia-phone-orientation-6-gps.jpg");
/** Upright, 3264×2448. */
const upright = photo("jolla-phone.jpg");

interface SentVariant {
  name: string;
  type: string;
  bytes: Buffer;
}
interface SentPhoto {
  headers: Record<string, string>;
  variants: SentVariant[];
  /** The `preview` part (the link preview, ADR 0094), kept apart from the variants. */
  preview?: SentVariant;
  /** The server's answer: the largest variant's address (empty until it answers). */
  url: string;
  /** The link preview's address the server answered. */
  previewUrl?: string;
}

/**
 * Watches `POST /api/admin/images` on its way to the server, keeping what each request carried
 * and the address the server answered. A request goes on once `release()` is called for it
 * (immediately unless `hold` is set), so the test can see the upload's progress bar meanwhile.
 */
async function watchUploads(page: Page, hold = false) {
  const sent: SentPhoto[] = [];
  const waiting: (() => void)[] = [];
  await page.route("**/api/admin/images", async (route: Route, request: Request) => {
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    const form = await new Response(new Uint8Array(body), {
      headers: { "content-type": request.headers()["content-type"] ?? "" },
    })
      .formData()
      .catch(() => new FormData());
    const variants: SentVariant[] = [];
    let preview: SentVariant | undefined;
    for (const [name, value] of form.entries()) {
      const part =
        typeof value === "string"
          ? { name, type: "text", bytes: Buffer.from(value) }
          : { name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      if (name === "preview") preview = part;
      else variants.push(part);
    }
    const photo: SentPhoto = { headers: request.headers(), variants, url: "", ...(preview ? { preview } : {}) };
    sent.push(photo);
    if (hold) await new Promise<void>((release) => waiting.push(release));
    const response = await route.fetch();
    const answer = photoUploadSchema.parse(await response.json());
    expect(response.status()).toBe(201);
    photo.url = answer.src;
    if (answer.preview) photo.previewUrl = answer.preview.src;
    await route.fulfill({ response });
  });
  return {
    sent,
    release: async () => {
      await expect.poll(() => waiting.length).toBeGreaterThan(0);
      waiting.shift()?.();
    },
  };
}

/** The natural size of the photo tiles' pictures, in the list's order. */
const tileSizes = (page: Page) =>
  page
    .getByRole("list", { name: "Photos" })
    .getByRole("img")
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).map((img) => (img.complete ? [img.naturalWidth, img.naturalHeight] : [0, 0])),
    );

/** The photos just below the sticky header, as the admin sees them after choosing. */
const scrollToPhotos = (page: Page) =>
  page
    .getByRole("list", { name: /^(Photos|Fotoğraflar)$/ })
    .evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 220));

async function openProductForm(page: Page, locale: "en" | "tr") {
  const words = {
    en: [
      "/admin",
      "Admin Email",
      "Admin Password",
      "Sign In to Admin Panel",
      "Dashboard",
      "Product Management",
      "Add Product",
    ],
    tr: [
      "/tr/admin",
      "Yönetici e-posta adresi",
      "Yönetici şifresi",
      "Yönetim Paneline Giriş Yap",
      "Genel Bakış",
      "Ürün Yönetimi",
      "Ürün Ekle",
    ],
  }[locale];
  const [path, email, password, signIn, dashboard, tab, add] = words as string[] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  await openApp(page, path);
  await page.getByLabel(email).fill(shop.server.adminEmail);
  await page.getByLabel(password).fill(shop.server.adminPassword);
  await page.getByRole("button", { name: signIn }).click();
  await page.getByRole("heading", { level: 1, name: dashboard }).waitFor();
  await page.getByRole("tab", { name: tab, exact: true }).click();
  await page.getByRole("button", { name: add }).click();
  return page.getByRole("form", { name: add });
}

test("phone: the admin adds two phone photos; they are upright, small, without metadata, and can be moved and removed", async () => {
  const page = await openPage("phone");
  const uploads = await watchUploads(page, true);
  const form = await openProductForm(page, "en");
  const imageFields = form.getByRole("group", { name: "Images" }).getByRole("textbox");

  const chosenAt = Date.now();
  await form.getByLabel("Add Photos").setInputFiles([sideways, upright]);
  // Both previews, upright: the sideways photo is a portrait once turned, at the 480 px variant.
  await expect
    .poll(() => tileSizes(page), { timeout: 10_000 })
    .toEqual([
      [480, 1119],
      [480, 360],
    ]);
  console.log(`  both previews shown ${Date.now() - chosenAt} ms after choosing`);

  // The first upload waits for its answer: its progress bar shows meanwhile.
  const progress = form.getByRole("progressbar", { name: `Uploading ${sideways.name}` });
  await progress.waitFor({ timeout: 15_000 });
  await scrollToPhotos(page);
  await screenshot(page, "product-photos-phone-uploading", { fullPage: false });
  await uploads.release();
  await uploads.release();
  await expect.poll(() => uploads.sent.filter((sent) => sent.url).length, { timeout: 15_000 }).toBe(2);
  await expect
    .poll(() => imageFields.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value)))
    .toEqual(uploads.sent.map((sent) => sent.url));
  expect(await form.getByRole("progressbar").count()).toBe(0);

  // What was sent: the admin's token and a key per photo, one `variant` part per width of
  // photoWidthsFor(upright width), WebP, upright, with none of the original's EXIF or GPS bytes.
  expect(uploads.sent).toHaveLength(2);
  const expected = [
    { source: sideways, upright: [1976, 4608] as const },
    { source: upright, upright: [3264, 2448] as const },
  ];
  for (const [i, sent] of uploads.sent.entries()) {
    const [width, height] = (expected[i] as (typeof expected)[number]).upright;
    expect(sent.headers.authorization).toMatch(/^Bearer \S+/);
    expect(sent.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.variants.map((v) => v.name)).toEqual(photoWidthsFor(width).map(() => "variant"));
    const headers = sent.variants.map((v) => ({ type: v.type, ...readPhotoHeader(v.bytes) }));
    // Chromium's encoder writes its own sRGB colour profile: how to show the pixels, nothing of the original.
    const metadata = (h: (typeof headers)[number]) => h.metadata.filter((kind) => kind !== "icc");
    expect(headers.map((h) => [h.type, h.format, h.width, h.height, h.orientation, metadata(h)])).toEqual(
      photoWidthsFor(width).map((w) => ["image/webp", "webp", w, Math.round((height * w) / width), 1, []]),
    );
    for (const { bytes } of sent.variants) {
      expect(bytes.includes("Exif")).toBe(false);
      expect(bytes.includes("GPS")).toBe(false);
      expect(bytes.includes("http://ns.adobe.com/xap")).toBe(false);
    }
    // The original never leaves the device: nothing sent is as large as it.
    expect(Math.max(...sent.variants.map((v) => v.bytes.length))).toBeLessThan(
      (expected[i]?.source.buffer.length ?? 0) / 2,
    );
  }
  expect(uploads.sent[0]?.headers["idempotency-key"]).not.toBe(uploads.sent[1]?.headers["idempotency-key"]);
  const [sidewaysUrl, uprightUrl] = uploads.sent.map((sent) => sent.url) as [string, string];

  // Stored by the shop as sent: each variant served back byte for byte, upright, without EXIF or GPS.
  for (const sent of uploads.sent) {
    const addresses = (photoSrcSet(sent.url) ?? "").split(", ").map((entry) => entry.split(" ")[0] as string);
    expect(addresses).toHaveLength(sent.variants.length);
    for (const [j, address] of addresses.entries()) {
      const served = await fetch(new URL(address, shop.server.url));
      expect(served.status).toBe(200);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.equals(sent.variants[j]?.bytes ?? Buffer.alloc(0))).toBe(true);
      expect(readPhotoHeader(bytes).orientation).toBe(1);
      expect(bytes.includes("Exif")).toBe(false);
      expect(bytes.includes("GPS")).toBe(false);
    }
  }

  // Each photo's link preview (ADR 0094): a 1200×630 JPEG cut from the upright photo, without
  // the original's EXIF or GPS, stored beside its variants and served back byte for byte.
  for (const sent of uploads.sent) {
    const preview = sent.preview?.bytes ?? Buffer.alloc(0);
    const header = readPhotoHeader(preview);
    expect([header.format, header.width, header.height, header.orientation]).toEqual(["jpeg", 1200, 630, 1]);
    expect(header.metadata.filter((kind) => kind !== "icc")).toEqual([]);
    expect(preview.includes("Exif")).toBe(false);
    expect(preview.includes("GPS")).toBe(false);
    expect(sent.previewUrl).toBe(`${sent.url.replace(/-\d+\.webp$/, "")}-1200x630.jpg`);
    const served = await fetch(new URL(sent.previewUrl ?? "", shop.server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).equals(preview)).toBe(true);
  }

  // The first photo is the main picture; moving the second earlier makes it the main one.
  const tiles = form.getByRole("list", { name: "Photos" }).getByRole("listitem");
  await tiles.nth(0).getByText("Main picture").waitFor();
  expect(await tiles.nth(1).getByText("Main picture").count()).toBe(0);
  await scrollToPhotos(page);
  await screenshot(page, "product-photos-phone", { fullPage: false });
  await expectAccessible(page);
  await form.getByRole("button", { name: "Move photo 2 earlier" }).click();
  expect(await imageFields.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value))).toEqual([
    uprightUrl,
    sidewaysUrl,
  ]);
  expect(await tileSizes(page)).toEqual([
    [480, 360],
    [480, 1119],
  ]);
  await tiles.nth(0).getByText("Main picture").waitFor();
  await form.getByRole("button", { name: "Remove photo 2" }).click();
  expect(await tiles.count()).toBe(1);
  expect(await imageFields.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value))).toEqual([
    uprightUrl,
  ]);

  // More than 10 at once: refused with the message, nothing added.
  const eleven = Array.from({ length: 11 }, (_, i) => ({ ...upright, name: `photo-${i + 1}.jpg` }));
  await form.getByLabel("Add Photos").setInputFiles(eleven);
  await form.getByRole("alert").filter({ hasText: "Choose up to 10 photos at once (you chose 11)." }).waitFor();
  expect(await tiles.count()).toBe(1);

  // A photo this browser cannot read (HEIC in Chromium): a clear message, nothing sent.
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheicmif1heic"), Buffer.alloc(64)]);
  await form.getByLabel("Add Photos").setInputFiles([{ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic }]);
  await form
    .getByRole("alert")
    .filter({ hasText: "IMG_0001.HEIC could not be opened: this browser cannot read its format." })
    .waitFor();
  expect(uploads.sent).toHaveLength(2);
  await form.getByRole("button", { name: "Remove photo 2" }).click();

  // Saved, the photo's address is one of the product's images, as the server stores it.
  await form.getByLabel("Name").fill("Fotoğraflı Ihlamur");
  await form.getByLabel("Category").selectOption({ index: 1 });
  await form.getByLabel("Short Description").fill("Telefondan eklenen fotoğraflarla.");
  await form.getByLabel("Shop Link").fill("https://shop.example.com/fotografli-ihlamur");
  await form.getByRole("button", { name: "Create Product" }).click();
  await page.getByRole("status").filter({ hasText: "Product created successfully!" }).waitFor();
  const saved = (await getJson<Product[]>(shop.server, "/api/products")).find((p) => p.name === "Fotoğraflı Ihlamur");
  expect(saved?.images).toEqual([uprightUrl]);

  // A shopper's phone (390 px at 2×, nothing cached: a browser may reuse a wider variant it holds)
  // takes the 960 px variant on the product page, upright.
  const shopper = await openPage("phone");
  await openApp(shopper, `/products/${saved?.id}`);
  const main = shopper.getByRole("main").locator("img[fetchpriority=high]");
  await expect
    .poll(() => main.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).currentSrc))
    .toBe(`${shop.server.url}${uprightUrl.replace("-1600.webp", "-960.webp")}`);
  // Upright: 4:3 across (natural sizes are in CSS pixels once a width is chosen from `srcset`).
  const [shownWidth = 0, shownHeight = 1] = await main.evaluate((img) => [
    (img as HTMLImageElement).naturalWidth,
    (img as HTMLImageElement).naturalHeight,
  ]);
  expect(shownWidth / shownHeight).toBeCloseTo(4 / 3, 1);
  expect(await main.getAttribute("srcset")).toBe(photoSrcSet(uprightUrl));
});

test("the photos in the form on a laptop in English, and on a phone and a laptop in Turkish", async () => {
  for (const [kind, locale] of [
    ["desktop", "en"],
    ["phone", "tr"],
    ["desktop", "tr"],
  ] as const) {
    const page = await openPage(kind);
    const uploads = await watchUploads(page);
    const form = await openProductForm(page, locale);
    const add = locale === "en" ? "Add Photos" : "Fotoğraf Ekle";
    await form.getByLabel(add).setInputFiles([sideways, upright]);
    await expect.poll(() => uploads.sent.length, { timeout: 20_000 }).toBe(2);
    const list = form.getByRole("list", { name: locale === "en" ? "Photos" : "Fotoğraflar" });
    await list.getByText(locale === "en" ? "Main picture" : "Ana görsel").waitFor();
    await expect.poll(() => form.getByRole("progressbar").count()).toBe(0);
    if (locale === "tr") {
      await form.getByRole("button", { name: "2. fotoğrafı öne al" }).waitFor();
      await form
        .getByLabel(add)
        .setInputFiles(Array.from({ length: 12 }, (_, i) => ({ ...upright, name: `${i}.jpg` })));
      await form.getByRole("alert").filter({ hasText: "Tek seferde en fazla 10 fotoğraf seçebilirsiniz" }).waitFor();
    }
    await expectAccessible(page);
    await scrollToPhotos(page);
    await screenshot(page, `product-photos-${kind}-${locale}`, { fullPage: false });
    await page.context().close();
  }
}, 240_000);
