import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { type PhotoUpload, photoUploadSchema } from "../../contract/photo-upload.ts";
import {
  largestPhotoWidth,
  maxPhotoHeight,
  maxPhotoVariantBytes,
  photoFormats,
  photoPreviewField,
  photoUploadField,
  photoWidths,
} from "../../contract/photos.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { idempotent, type WriteEnv } from "../../lib/idempotency.ts";
import { describeRoute } from "../../openapi/describe-route.ts";
import { storedPhotoName } from "../../photos/photo-store.ts";
import { type CheckedPhoto, checkPhotoUpload, storePhoto } from "../../photos/photo-upload.ts";
import { idempotencyKey } from "../admin/admin-catalogue.routes.ts";

type UploadEnv = WriteEnv & { Variables: { photo: CheckedPhoto } };

const noStore = { "Cache-Control": "no-store" };

const storageMissing = () => new ApiError(503, "photo_storage_missing", (t) => t.api_photo_storage_missing);

/**
 * The body is read and every variant checked before the write's transaction (idempotency.ts)
 * opens: the checks are the slow part, and need no database. The request's hash, for its
 * `Idempotency-Key`, is then taken from the same bytes.
 */
const checkedPhoto = () =>
  createMiddleware<UploadEnv>(async (c, next) => {
    if (!c.var.photos) throw storageMissing();
    c.set("photo", await checkPhotoUpload(await c.req.arrayBuffer(), c.req.header("Content-Type") ?? ""));
    await next();
  });

/** `POST /api/admin/images` (issue 41, ADR 0089), under the admin guard of admin.routes.ts. */
export const adminImageRoutes = new Hono<UploadEnv>().post(
  "/",
  describeRoute({
    summary: "Upload one photo's variants and link preview; answers the photo's address",
    access: "admin",
    ok: { 201: photoUploadSchema },
    errors: [400, 422],
    headers: [idempotencyKey],
    files: {
      field: photoUploadField,
      description: `The variants of one photo, one file per part, all in one format (JPEG or WebP, read from the bytes; the part's name and type are ignored) and without metadata (EXIF, XMP, comments). Each at most ${maxPhotoVariantBytes / (1024 * 1024)} MB, ${largestPhotoWidth} px wide and ${maxPhotoHeight} px high; their widths exactly photoWidthsFor(the largest width) of worker/contract/photos.ts, at the largest one's proportions. The body at most ${photoWidths.length} parts. The files are then served at GET /images/<hash>-<width>.<ext> (outside /api): immutable for a year, nosniff, a sandboxing CSP; 404 when there is no such file.`,
      maxItems: photoWidths.length,
      types: Object.values(photoFormats),
      single: [
        {
          field: photoPreviewField,
          description: `Optional: the photo's link preview (og:image, ADR 0094), cut from the upright photo's centre: one JPEG of exactly 1200 × 630 px, at most ${maxPhotoVariantBytes / (1024 * 1024)} MB, without metadata, checked by its bytes like a variant (else 400 photo_preview). Stored at GET /images/<hash>-1200x630.jpg, <hash> the photo's, and answered as \`preview\`; product pages whose first image is the photo then show it as their link preview.`,
          type: photoFormats.jpg,
        },
      ],
    },
  }),
  checkedPhoto(),
  idempotent({ bodyOf: (c: Context<UploadEnv>) => c.var.photo.parts }),
  async (c) => {
    const { photos } = c.var;
    if (!photos) throw storageMissing();
    const stored = await storePhoto(photos, c.var.photo);
    return c.json(stored satisfies PhotoUpload, 201, noStore);
  },
);

/** A stored photo's file, served for a year: its name changes whenever its bytes do. */
const fileHeaders = (name: string, size: number) => ({
  "Content-Type": photoFormats[name.endsWith(".webp") ? "webp" : "jpg"],
  "Content-Length": String(size),
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  // Opened on its own, the file runs nothing and loads nothing, whatever a browser took it for.
  "Content-Security-Policy": "default-src 'none'; sandbox",
});

/**
 * `GET /images/<hash>-<width>.<ext>` on both runtimes. Any other /images/ path is not this
 * route's: it goes on to the static files (the pictures in web/public/images). On Workers such a
 * path is no static file, so it reaches the Worker (wrangler.toml's assets).
 */
export const imageFileRoutes = createRouter().get("/images/:file", async (c, next) => {
  const name = c.req.param("file");
  if (!storedPhotoName.test(name)) return next();
  const file = await c.var.photos?.get(name);
  if (!file) throw new ApiError(404, "not_found", (t) => t.api_no_file({ path: c.req.path }));
  return c.body(file.body as ReadableStream<Uint8Array>, 200, fileHeaders(name, file.size));
});
