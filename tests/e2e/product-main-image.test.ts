import { readFileSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { photoUploadSchema } from "../../worker/contract/photo-upload.ts";
import { largestVariantWidth, photoWidthsFor } from "../../worker/contract/photos.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { openApp, screenshot } from "../support/browser.ts";
import { productBody } from "../support/factories.ts";
import { multipart, variantParts } from "../support/photos.ts";
import { setUpShop } from "../support/shop-in-browser.ts";

// The product page's main picture shows the whole photo: a tall bottle photo keeps its top and
// bottom, a wide one its sides, in the square frame the page keeps whatever the photo's shape
// (its width and height are set, so nothing moves as the photo arrives). Real phone photos
// (tests/fixtures/photos), stored through the server as the admin's app stores them.

const { shop, openPage } = setUpShop();

const fixture = (name: string) => readFileSync(new URL(`../fixtures/photos/${name}`, import.meta.url));

/** A photo's variants as the admin's device makes them: upright, in the standard widths. */
async function variantsOf(photo: Buffer): Promise<Buffer[]> {
  const upright = sharp(await sharp(photo).rotate().toBuffer());
  const { width = 0, height = 0 } = await upright.metadata();
  const largest = largestVariantWidth(width, height);
  return Promise.all(photoWidthsFor(largest).map((w) => upright.clone().resize(w).jpeg({ quality: 80 }).toBuffer()));
}

let token = "";
const onServer = { request: (path: string, init?: RequestInit) => fetch(`${shop.server.url}${path}`, init) };
let keys = 0;
const write = async (path: string, init: RequestInit & { headers?: Record<string, string> }) => {
  const answer = await onServer.request(path, {
    ...init,
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": `main-image-${++keys}`, ...init.headers },
  });
  expect(answer.status).toBe(201);
  return answer.json();
};

/** A product whose one picture is `photo`, stored by the shop. */
async function productWith(name: string, photo: Buffer): Promise<Product> {
  const body = multipart(variantParts(await variantsOf(photo), "jpg"));
  const { src } = photoUploadSchema.parse(
    await write("/api/admin/images", { body: body.body, headers: { "Content-Type": body.contentType } }),
  );
  const category = shop.categories[0]?.id ?? 0;
  return (await write("/api/admin/products", {
    body: JSON.stringify(productBody(category, { name, images: [src] })),
    headers: { "Content-Type": "application/json" },
  })) as Product;
}

const products: Record<"portrait" | "landscape", Product> = {} as never;
beforeAll(async () => {
  token = await signInAdmin(onServer, { email: shop.server.adminEmail, password: shop.server.adminPassword });
  // Orientation 6: upright it is 1976 × 4608, a tall photo as of a bottle.
  products.portrait = await productWith("Uzun Şişe", fixture("nokia-phone-orientation-6-gps.jpg"));
  products.landscape = await productWith("Geniş Kavanoz", fixture("jolla-phone.jpg"));
});

describe.each(["phone", "desktop"] as const)("the product page's main picture on a %s", (kind) => {
  it.each(["portrait", "landscape"] as const)(
    "shows a %s photo whole, in a frame set before it loads",
    async (shape) => {
      const page = await openPage(kind);
      const product = products[shape];
      await openApp(page, `/products/${product.id}`);
      const main = page.getByRole("main").locator("img[fetchpriority=high]");
      await expect.poll(() => main.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
      await screenshot(page, `product-main-image-${shape}-${kind}`, { fullPage: false });

      const shown = await main.evaluate((element) => {
        const img = element as HTMLImageElement;
        const box = img.getBoundingClientRect();
        return {
          objectFit: getComputedStyle(img).objectFit,
          box: { width: box.width, height: box.height },
          natural: { width: img.naturalWidth, height: img.naturalHeight },
          attributes: { width: img.getAttribute("width"), height: img.getAttribute("height") },
        };
      });
      // The frame's shape is known before the photo arrives.
      expect(shown.attributes).toEqual({ width: "800", height: "800" });
      expect(shown.box.width).toBeGreaterThan(300);
      expect(Math.abs(shown.box.width - shown.box.height)).toBeLessThan(1);
      expect(shown.natural.width / shown.natural.height).toBeCloseTo(
        shape === "portrait" ? 1976 / 4608 : 3264 / 2448,
        1,
      );
      // Scaled to fit, never cropped: the whole photo is inside the frame.
      expect(shown.objectFit).toBe("contain");
    },
  );
});
