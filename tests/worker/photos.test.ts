import { once } from "node:events";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { PhotoUpload } from "../../worker/contract/photo-upload.ts";
import { createR2PhotoStore, type R2Bucket } from "../../worker/photos/r2-photo-store.ts";
import { removeUnusedPhotos, unusedPhotoLifeMs } from "../../worker/photos/unused-photos.ts";
import { createCategory, createMember, createProduct } from "../support/factories.ts";
import {
  multipart,
  type PhotoShop,
  photoPreviewCases,
  photoUploadCases,
  photoVariants,
  variantParts,
} from "../support/photos.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// The administrator's photos in the production runtime (issue 41, ADR 0089): the built Worker in
// workerd, its PHOTOS binding (wrangler.toml) an R2 bucket Miniflare keeps locally.

const clientAddress = "198.51.100.41";
const shop = setUpWorkerShop({ clientAddress });
let adminToken: string;
let memberToken: string;

const tokenOf = async (answer: { json(): Promise<unknown> }) =>
  ((await answer.json()) as { access_token: string }).access_token;

beforeAll(async () => {
  adminToken = await tokenOf(await shop.request("POST", "/api/admin/login", { body: testAdmin }));
  const member = await createMember(shop.database.db, { password: "member-pass-1" });
  memberToken = await tokenOf(await shop.signIn(member.email, member.password));
});

const bucket = async () => (await shop.worker.getR2Bucket("PHOTOS")) as unknown as R2Bucket;
const storedNames = async () => (await createR2PhotoStore(await bucket()).list()).map((file) => file.name);

const upload: PhotoShop["upload"] = (body, { token = adminToken, key, headers = {} } = {}) =>
  shop.worker.dispatchFetch("http://shop.test/api/admin/images", {
    method: "POST",
    headers: {
      "Content-Type": body.contentType,
      "CF-Connecting-IP": clientAddress,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(key ? { "Idempotency-Key": key } : {}),
      ...headers,
    },
    body: body.body,
  });

/** Over a socket of its own: the headers are sent, the body never, and the answer is read. */
const uploadDeclaring: PhotoShop["uploadDeclaring"] = async (bytes) => {
  const origin = await shop.worker.ready;
  const request = httpRequest(new URL("/api/admin/images", origin), {
    method: "POST",
    agent: false,
    headers: {
      Host: "shop.test",
      "Content-Type": "multipart/form-data; boundary=declared",
      "Content-Length": String(bytes),
      "CF-Connecting-IP": clientAddress,
      Authorization: `Bearer ${adminToken}`,
    },
  });
  try {
    request.flushHeaders();
    const [response] = (await once(request, "response")) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    return {
      status: response.statusCode ?? 0,
      headers: { get: (name: string) => String(response.headers[name.toLowerCase()] ?? "") || null },
      text: async () => body.toString("utf8"),
      arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    };
  } finally {
    request.destroy();
  }
};

const photoShop = (): PhotoShop => ({
  upload,
  uploadDeclaring,
  fetch: (path, method = "GET") => shop.worker.dispatchFetch(`http://shop.test${path}`, { method }),
  memberToken,
  storedNames,
});

describe("a photo's link preview in workerd (ADR 0094)", () => {
  const pageOf = async (path: string) => {
    const answer = await shop.request("GET", path);
    expect(answer.status, path).toBe(200);
    return answer.text();
  };
  photoPreviewCases(() => ({
    ...photoShop(),
    async productPages(images) {
      const category = await createCategory(shop.database.db);
      const product = await createProduct(shop.database.db, { categoryId: category.id, images });
      return { en: await pageOf(`/products/${product.id}`), tr: await pageOf(`/tr/products/${product.id}`) };
    },
  }));
});

describe("POST /api/admin/images and GET /images/… in workerd", () => {
  photoUploadCases(photoShop);

  it("still serves the pictures in web/public/images as static files", async () => {
    const file = await shop.worker.dispatchFetch("http://shop.test/images/products/adacayi.svg");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    await file.body?.cancel();
  });
});

describe("the cron's pass over the R2 bucket", () => {
  const newPhoto = async () => {
    const answer = await upload(multipart(variantParts(await photoVariants(960, 640, "jpg"), "jpg")));
    expect(answer.status).toBe(201);
    return JSON.parse(await answer.text()) as PhotoUpload;
  };
  const filesOf = async (photo: PhotoUpload) =>
    (await storedNames()).filter((name) => photo.variants.some((v) => v.src.endsWith(name))).length;

  it("keeps every photo put within the week, used or not", async () => {
    const unused = await newPhoto();
    const cron = await (await shop.worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
    expect(cron.outcome).toBe("ok");
    expect(await filesOf(unused)).toBe(2);
  });

  it("removes, a week on, the photos no product names, through R2's listing and delete", async () => {
    const category = await createCategory(shop.database.db);
    const [used, unused] = [await newPhoto(), await newPhoto()];
    await createProduct(shop.database.db, { categoryId: category.id, images: [used.src] });
    // R2 sets an object's upload time itself: the pass is run as the cron runs it, a week later.
    const later = new Date(Date.now() + unusedPhotoLifeMs + 60_000);
    const pass = await removeUnusedPhotos(shop.database.db, createR2PhotoStore(await bucket()), later);
    expect(pass.removedFiles).toBeGreaterThanOrEqual(2);
    expect([await filesOf(used), await filesOf(unused)]).toEqual([2, 0]);
    const gone = await shop.worker.dispatchFetch(`http://shop.test${unused.src}`);
    expect(gone.status).toBe(404);
    await gone.body?.cancel();
  });
});
