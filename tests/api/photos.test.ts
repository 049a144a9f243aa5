import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PhotoUpload } from "../../worker/contract/photo-upload.ts";
import { products } from "../../worker/db/schema.ts";
import { photoFolderFor, startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { removeUnusedPhotos, unusedPhotoLifeMs } from "../../worker/photos/unused-photos.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { createCategory, createMember, createProduct } from "../support/factories.ts";
import {
  encodePreview,
  type Multipart,
  multipart,
  type PhotoShop,
  photoPreviewCases,
  photoUploadCases,
  photoVariants,
  previewPart,
  variantParts,
} from "../support/photos.ts";
import { nodeServerSettings } from "../support/server.ts";
import { builtShell, createTestApp, testSettings } from "../support/test-app.ts";

// The administrator's photos on Node (issue 41, ADR 0089): the upload in-process over a real
// libSQL file, the files in a folder as `npm start` keeps them, and the periodic pass.

// The shell of each language's build, for the product pages' heads (ADR 0094).
const shells = async (request: Request) =>
  ["/", "/tr/"].includes(new URL(request.url).pathname)
    ? new Response(builtShell, { headers: { "Content-Type": "text/html" } })
    : new Response("not found", { status: 404 });
const shop = await createTestApp({}, { assets: shells });
const admin = await createMember(shop.db, { email: testSettings.ADMIN_EMAIL, role: "admin", password: "admin-pass-1" });
const member = await createMember(shop.db, { password: "member-pass-1" });

async function tokenOf(path: string, email: string, password: string): Promise<string> {
  const answer = await shop.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}
const adminToken = await signInAdmin(shop.app, admin);
const memberToken = await tokenOf("/api/auth/token?grant_type=password", member.email, member.password);

const upload: PhotoShop["upload"] = async (body: Multipart, { token = adminToken, key, headers = {} } = {}) =>
  shop.app.request("/api/admin/images", {
    method: "POST",
    headers: {
      "Content-Type": body.contentType,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(key ? { "Idempotency-Key": key } : {}),
      ...headers,
    },
    body: body.body as Uint8Array<ArrayBuffer>,
  });

const storedNames = async () => (await shop.photos.list()).map((file) => file.name);

const photoShop: PhotoShop = {
  upload,
  uploadDeclaring: async (bytes) =>
    shop.app.request("/api/admin/images", {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=declared",
        "Content-Length": String(bytes),
        Authorization: `Bearer ${adminToken}`,
      },
      body: "--declared",
    }),
  fetch: async (path, method = "GET") => shop.app.request(path, { method }),
  memberToken,
  storedNames,
};

describe("POST /api/admin/images and GET /images/… on Node", () => {
  photoUploadCases(() => photoShop);
});

describe("a photo's link preview on Node (ADR 0094)", () => {
  const pageOf = async (path: string) => {
    const answer = await shop.app.request(path);
    expect(answer.status, path).toBe(200);
    return answer.text();
  };
  photoPreviewCases(() => ({
    ...photoShop,
    async productPages(images) {
      const category = await createCategory(shop.db);
      const product = await createProduct(shop.db, { categoryId: category.id, images });
      return { en: await pageOf(`/products/${product.id}`), tr: await pageOf(`/tr/products/${product.id}`) };
    },
  }));
});

/** Uploads a new photo and answers it. */
async function newPhoto(): Promise<PhotoUpload> {
  const answer = await upload(multipart(variantParts(await photoVariants(960, 640, "webp"), "webp")));
  expect(answer.status).toBe(201);
  return JSON.parse(await answer.text()) as PhotoUpload;
}

/** Makes a stored photo's files look put `ago` milliseconds ago. */
async function age(photo: PhotoUpload, ago: number) {
  const when = new Date(Date.now() - ago);
  for (const variant of photo.variants) {
    await utimes(join(shop.photoFolder, variant.src.slice("/images/".length)), when, when);
  }
}

const filesOf = async (photo: PhotoUpload) =>
  (await storedNames()).filter((name) => photo.variants.some((v) => v.src.endsWith(name))).length;

describe("the periodic pass removes the photos no product uses", () => {
  const week = unusedPhotoLifeMs;
  const pass = () => removeUnusedPhotos(shop.db, shop.photos, new Date());

  it("keeps a used photo and a new one, removes an unused one after 7 days, whole", async () => {
    const category = await createCategory(shop.db);
    const [shared, unused, fresh, external] = [await newPhoto(), await newPhoto(), await newPhoto(), await newPhoto()];
    const first = await createProduct(shop.db, { categoryId: category.id, images: [shared.src] });
    // The same photo in a second product, after a URL the admin typed.
    const second = await createProduct(shop.db, {
      categoryId: category.id,
      images: ["https://example.com/x.jpg", shared.src],
    });
    // A product that names another stored photo's file by a smaller variant's address keeps it too.
    await createProduct(shop.db, { categoryId: category.id, images: [external.variants[0]?.src as string] });
    for (const photo of [shared, unused, external]) await age(photo, week + 60_000);
    await age(fresh, week - 60_000);

    await pass();
    expect([await filesOf(shared), await filesOf(unused), await filesOf(fresh), await filesOf(external)]).toEqual([
      2, 0, 2, 2,
    ]);
    expect((await shop.app.request(unused.src)).status).toBe(404);
    expect((await shop.app.request(shared.src)).status).toBe(200);

    // Deleting one product leaves the photo the other still shows.
    await shop.db.delete(products).where(eq(products.id, first.id));
    await pass();
    expect(await filesOf(shared)).toBe(2);
    expect((await shop.app.request(shared.variants[0]?.src as string)).status).toBe(200);

    // Once no product shows it, it goes at the next pass (its files are more than a week old).
    await shop.db.update(products).set({ images: [] }).where(eq(products.id, second.id));
    await pass();
    expect(await filesOf(shared)).toBe(0);
  });

  it("removes a photo's link preview with its variants, and keeps it while a product uses the photo", async () => {
    const category = await createCategory(shop.db);
    const withPreview = async () => {
      const parts = [...variantParts(await photoVariants(960, 640, "jpg"), "jpg"), previewPart(await encodePreview())];
      return JSON.parse(await (await upload(multipart(parts))).text()) as PhotoUpload;
    };
    const [used, unused] = [await withPreview(), await withPreview()];
    await createProduct(shop.db, { categoryId: category.id, images: [used.src] });
    const old = new Date(Date.now() - week - 60_000);
    for (const photo of [used, unused]) {
      for (const { src } of [...photo.variants, ...(photo.preview ? [photo.preview] : [])]) {
        await utimes(join(shop.photoFolder, src.slice("/images/".length)), old, old);
      }
    }
    await pass();
    expect((await shop.app.request(used.preview?.src as string)).status).toBe(200);
    expect((await shop.app.request(unused.preview?.src as string)).status).toBe(404);
    const hashOf = (photo: PhotoUpload) => photo.src.slice("/images/".length, "/images/".length + 64);
    expect((await storedNames()).filter((name) => name.startsWith(hashOf(unused)))).toEqual([]);
  });

  it("an upload of the same photo again counts its week from then", async () => {
    const photo = await newPhoto();
    await age(photo, week + 60_000);
    // The device sends it again (its product's write still queued): stored anew, kept.
    const again = await upload(
      multipart(
        variantParts(
          await Promise.all(
            photo.variants.map(async (v) => Buffer.from(await (await shop.app.request(v.src)).arrayBuffer())),
          ),
          "webp",
        ),
      ),
    );
    expect(again.status).toBe(201);
    await pass();
    expect(await filesOf(photo)).toBe(2);
  });

  it("costs one listing and one query with 1,000 products (figures printed, not asserted)", async () => {
    const category = await createCategory(shop.db);
    // 1,000 products, each with its own stored photo of three variants (the files' bytes do not
    // matter to the pass), and 200 old photos no product names.
    const hashes = Array.from({ length: 1200 }, (_, i) => i.toString(16).padStart(64, "0"));
    const stored = hashes.flatMap((hash) => [480, 960, 1600].map((width) => `${hash}-${width}.webp`));
    await Promise.all(stored.map((name) => shop.photos.put(name, new Uint8Array([1]))));
    const old = new Date(Date.now() - week - 60_000);
    await Promise.all(stored.map((name) => utimes(join(shop.photoFolder, name), old, old)));
    await shop.db.insert(products).values(
      hashes.slice(0, 1000).map((hash, i) => ({
        name: `Ürün ${i}`,
        shortDescription: "",
        etsyLink: "https://www.etsy.com/listing/1/x",
        categoryId: category.id,
        images: [`/images/${hash}-1600.webp`, "https://example.com/a.jpg"],
      })),
    );
    const started = performance.now();
    const result = await pass();
    const ms = performance.now() - started;
    expect(result.removedFiles).toBeGreaterThanOrEqual(600);
    expect(stored.filter((name) => hashes.slice(1000).includes(name.slice(0, 64))).length).toBe(600);
    expect((await storedNames()).filter((name) => hashes.slice(0, 1000).includes(name.slice(0, 64))).length).toBe(3000);
    console.log(
      `unused-photos pass, 1,000 products: ${result.storedFiles} files listed, ${result.usedPhotos} photos in use, ${result.removedFiles} files removed in ${ms.toFixed(0)} ms (folder store, embedded libSQL)`,
    );
  }, 60_000);
});

describe("the Node server (npm start's entry)", () => {
  const settings = nodeServerSettings();

  it("keeps each database's photos in a folder of its own, so no pass removes another copy's", () => {
    expect(photoFolderFor("file:.data/app.db")).toBe(join(projectRoot, ".data/photos"));
    expect(photoFolderFor("file:.data/second.db")).toBe(join(projectRoot, ".data/second-photos"));
    expect(photoFolderFor("file:/tmp/shop-test/app.db")).toBe("/tmp/shop-test/photos");
  });

  it("keeps uploaded photos as files in its folder and serves them, compressed by nothing", async () => {
    const photoFolder = join(mkdtempSync(join(tmpdir(), "shop-photos-")), "photos");
    const server = await startNodeServer(settings, { port: 0, photoFolder });
    try {
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD }),
      });
      const { access_token } = (await login.json()) as { access_token: string };
      const variants = await photoVariants(1200, 900, "jpg");
      const body = multipart(variantParts(variants, "jpg"));
      const answer = await fetch(`${server.url}/api/admin/images`, {
        method: "POST",
        headers: { Authorization: `Bearer ${access_token}`, "Content-Type": body.contentType, "Idempotency-Key": "k1" },
        body: body.body,
      });
      expect(answer.status).toBe(201);
      const photo = (await answer.json()) as PhotoUpload;
      expect(readdirSync(photoFolder).sort()).toEqual(photo.variants.map((v) => v.src.slice("/images/".length)).sort());
      const file = await fetch(`${server.url}${photo.src}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("image/jpeg");
      expect(file.headers.get("Content-Encoding")).toBeNull();
      expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await file.arrayBuffer()).equals(variants[2] as Buffer)).toBe(true);
      const head = await fetch(`${server.url}${photo.src}`, { method: "HEAD" });
      expect([head.status, head.headers.get("Content-Length")]).toEqual([200, String((variants[2] as Buffer).length)]);
      // A photo the folder does not hold.
      const missing = await fetch(`${server.url}/images/${"f".repeat(64)}-480.jpg`);
      expect(missing.status).toBe(404);
    } finally {
      await server.close();
      rmSync(dirname(photoFolder), { recursive: true, force: true });
    }
  });
});
