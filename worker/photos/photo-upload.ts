import type { PhotoUpload } from "../contract/photo-upload.ts";
import {
  largestPhotoWidth,
  maxPhotoHeight,
  maxPhotoVariantBytes,
  type PhotoExtension,
  photoPreviewField,
  photoPreviewPath,
  photoPreviewSize,
  photoUploadField,
  photoVariantPath,
  photoWidths,
  photoWidthsFor,
} from "../contract/photos.ts";
import { ApiError } from "../lib/api-error.ts";
import { readPhoto } from "./photo-bytes.ts";
import type { PhotoStore } from "./photo-store.ts";

/**
 * The most bytes a whole upload may have: every variant and the preview at their limit, and room for the multipart
 * framing. app.ts refuses a bigger body with 413 before it is read.
 */
export const maxPhotoUploadBytes = (photoWidths.length + 1) * maxPhotoVariantBytes + 64 * 1024;

/** One photo's variants as checked, smallest first, named by the largest one's SHA-256. */
export type CheckedPhoto = {
  hash: string;
  /**
   * The variants' widths and SHA-256s, smallest first: the request as its Idempotency-Key
   * remembers it, whatever multipart boundary the client chose when it sent it again.
   */
  parts: string;
  extension: PhotoExtension;
  variants: { width: number; height: number; bytes: Uint8Array }[];
  /** The link preview's JPEG, 1200 × 630 (ADR 0094), when the upload had one. */
  preview: Uint8Array | undefined;
};

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/**
 * The variants of one photo from a multipart body (`variant` parts, ADR 0089), each checked by
 * its bytes alone; a problem is an ApiError 400 naming the variant by its place in the request.
 */
export async function checkPhotoUpload(body: ArrayBuffer, contentType: string): Promise<CheckedPhoto> {
  const notMultipart = () =>
    new ApiError(400, "photo_not_multipart", (t) => t.api_photo_not_multipart({ field: photoUploadField }));
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw notMultipart();
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw notMultipart();
  }
  const all = [...form.entries()];
  const known = (name: string) => name === photoUploadField || name === photoPreviewField;
  if (all.some(([name, value]) => !known(name) || typeof value === "string")) throw notMultipart();
  const parts = all.filter(([name]) => name === photoUploadField);
  const previews = all.filter(([name]) => name === photoPreviewField).map(([, file]) => file as Blob);
  if (parts.length === 0 || parts.length > photoWidths.length) {
    throw new ApiError(400, "photo_variant_count", (t) => t.api_photo_variant_count({ max: photoWidths.length }));
  }

  const variants: (CheckedPhoto["variants"][number] & { extension: PhotoExtension })[] = [];
  for (const [index, [, file]] of parts.entries()) {
    const n = index + 1;
    const blob = file as Blob;
    if (blob.size > maxPhotoVariantBytes) {
      throw new ApiError(400, "photo_too_large", (t) =>
        t.api_photo_too_large({ n, max: megabytes(maxPhotoVariantBytes) }),
      );
    }
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const read = readPhoto(bytes);
    if (!read.ok) {
      const { problem } = read;
      throw new ApiError(400, `photo_${problem}`, (t) =>
        problem === "metadata"
          ? t.api_photo_metadata({ n })
          : problem === "malformed"
            ? t.api_photo_malformed({ n })
            : t.api_photo_not_an_image({ n }),
      );
    }
    const { width, height, extension } = read.photo;
    if (width > largestPhotoWidth || height > maxPhotoHeight) {
      throw new ApiError(400, "photo_dimensions", (t) =>
        t.api_photo_dimensions({ n, width, height, maxWidth: largestPhotoWidth, maxHeight: maxPhotoHeight }),
      );
    }
    variants.push({ width, height, bytes, extension });
  }

  const extension = (variants[0] as (typeof variants)[number]).extension;
  if (variants.some((variant) => variant.extension !== extension)) {
    throw new ApiError(400, "photo_formats_mixed", (t) => t.api_photo_formats_mixed);
  }
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const largest = sorted[sorted.length - 1] as (typeof variants)[number];
  const expected = photoWidthsFor(largest.width);
  const sent = sorted.map((variant) => variant.width);
  if (sent.join() !== expected.join()) {
    throw new ApiError(400, "photo_widths", (t) =>
      t.api_photo_widths({ sent: sent.join(", "), expected: expected.join(", ") }),
    );
  }
  // Each variant is the largest made smaller: its height as the largest's, scaled and rounded
  // either way by the encoder.
  for (const variant of variants) {
    const scaled = (largest.height * variant.width) / largest.width;
    if (Math.abs(variant.height - scaled) > 1) {
      const n = variants.indexOf(variant) + 1;
      throw new ApiError(400, "photo_proportions", (t) => t.api_photo_proportions({ n }));
    }
  }
  const preview = await checkPreview(previews);
  const hashes = await Promise.all(sorted.map((variant) => sha256Hex(variant.bytes)));
  const lines = sorted.map((variant, index) => `${variant.width} ${hashes[index]}`);
  if (preview) lines.push(`preview ${await sha256Hex(preview)}`);
  return {
    hash: hashes[hashes.length - 1] as string,
    parts: lines.join("\n"),
    extension,
    variants: sorted.map(({ width, height, bytes }) => ({ width, height, bytes })),
    preview,
  };
}

/**
 * The `preview` part, if any (ADR 0094): one JPEG of exactly 1200 × 630, checked by its bytes as
 * a variant is (no metadata, nothing after the image). Optional: an upload the outbox queued
 * before previews were made has none, and its product keeps the link preview it has today.
 */
async function checkPreview(previews: Blob[]): Promise<Uint8Array | undefined> {
  const refuse = (problem: "count" | "too_large" | "not_jpeg" | "malformed" | "metadata" | "size", size = {}) =>
    new ApiError(400, "photo_preview", (t) => t.api_photo_preview({ problem, ...size }));
  if (previews.length === 0) return undefined;
  if (previews.length > 1) throw refuse("count");
  const blob = previews[0] as Blob;
  if (blob.size > maxPhotoVariantBytes) throw refuse("too_large");
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const read = readPhoto(bytes);
  if (!read.ok) throw refuse(read.problem === "not_an_image" ? "not_jpeg" : read.problem);
  const { width, height, extension } = read.photo;
  if (extension !== "jpg") throw refuse("not_jpeg");
  if (width !== photoPreviewSize.width || height !== photoPreviewSize.height) throw refuse("size", { width, height });
  return bytes;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Stores every variant under its name (replacing the same photo's files, which refreshes their
 * upload time for the pass that removes unused photos) and answers the photo's addresses.
 */
export async function storePhoto(store: PhotoStore, photo: CheckedPhoto): Promise<PhotoUpload> {
  const largest = photo.variants[photo.variants.length - 1] as CheckedPhoto["variants"][number];
  const address = { hash: photo.hash, width: largest.width, extension: photo.extension };
  const variants = photo.variants.map(({ width, height }) => ({
    src: photoVariantPath(address, width),
    width,
    height,
  }));
  // The preview first and the largest last: a product names the largest, so once it is there
  // every other file is too, and a page that finds the photo finds its preview.
  const preview = photo.preview ? { src: photoPreviewPath(address), ...photoPreviewSize } : undefined;
  if (photo.preview) await store.put(photoPreviewPath(address).slice("/images/".length), photo.preview);
  for (const variant of photo.variants) {
    await store.put(photoVariantPath(address, variant.width).slice("/images/".length), variant.bytes);
  }
  return {
    src: photoVariantPath(address, largest.width),
    width: largest.width,
    height: largest.height,
    variants,
    ...(preview ? { preview } : {}),
  };
}
