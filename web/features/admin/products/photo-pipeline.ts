/// <reference lib="webworker" />
import { largestVariantWidth, photoFormats, photoWidthsFor } from "../../../../worker/contract/photos.ts";
import { photoHeaderBytes, readPhotoHeader, uprightSize } from "./photo-header.ts";

/*
 * The photo pipeline (issue 41, ADR 0091), run in the admin's photo worker (admin-photo-worker.ts):
 * the chosen file never reaches a canvas at its own size. Its header gives the upright size, and
 * each variant is decoded at its own width (`createImageBitmap` with a resize, turned upright by the
 * EXIF orientation), drawn on an OffscreenCanvas of that size and encoded anew, so no byte of the
 * original's metadata (EXIF, GPS, XMP) can reach the output.
 */

export type PhotoType = (typeof photoFormats)[keyof typeof photoFormats];

/** A chosen file, as the pipeline sees it before decoding any pixel. */
export type PhotoPlan =
  | { ok: true; width: number; height: number; orientation: number; widths: number[] }
  | { ok: false; reason: "cannot-decode" };

export type PhotoVariant =
  | { ok: true; width: number; height: number; type: PhotoType; blob: Blob }
  | { ok: false; reason: "cannot-decode" | "metadata-left" };

/** The photo's upright size and the widths of its variants, from the file's first bytes. */
export async function planPhoto(file: Blob): Promise<PhotoPlan> {
  const header = readPhotoHeader(new Uint8Array(await file.slice(0, photoHeaderBytes).arrayBuffer()));
  let size =
    header.width && header.height ? uprightSize({ ...header, width: header.width, height: header.height }) : undefined;
  if (!size) {
    // A format whose header the reader does not know (HEIC where the browser decodes it): one
    // decode tells the size. Phones hand the browser JPEG, so this is the rare path.
    const bitmap = await decode(file);
    if (!bitmap) return { ok: false, reason: "cannot-decode" };
    size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
  }
  if (size.width < 1 || size.height < 1) return { ok: false, reason: "cannot-decode" };
  return {
    ok: true,
    ...size,
    orientation: header.orientation,
    widths: photoWidthsFor(largestVariantWidth(size.width, size.height)),
  };
}

/**
 * One variant `width` px wide of a photo whose upright size is `size`, as WebP, or JPEG where the
 * canvas cannot encode WebP (Safari answers PNG to a WebP request) or where `type` asks for it (a
 * photo's variants share one format: the first variant's).
 */
export async function encodeVariant(
  file: Blob,
  size: { width: number; height: number },
  width: number,
  type: PhotoType = photoFormats.webp,
): Promise<PhotoVariant> {
  const height = Math.max(1, Math.round((size.height * width) / size.width));
  const bitmap = await decode(file, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" });
  if (!bitmap) return { ok: false, reason: "cannot-decode" };
  // A browser that resized before turning the photo would hand over the sides swapped.
  if (bitmap.width !== width || bitmap.height !== height) {
    bitmap.close();
    return { ok: false, reason: "cannot-decode" };
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) return { ok: false, reason: "cannot-decode" };
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  let blob = await canvas.convertToBlob({ type, quality: type === photoFormats.webp ? 0.82 : 0.85 });
  if (blob.type !== photoFormats.webp && blob.type !== photoFormats.jpg) {
    blob = await canvas.convertToBlob({ type: photoFormats.jpg, quality: 0.85 });
  }
  // What is sent is read back: a browser whose encoder copied any metadata would give the photo away.
  // A colour profile says how to show the pixels and nothing about the admin: it may stay.
  const written = readPhotoHeader(new Uint8Array(await blob.slice(0, photoHeaderBytes).arrayBuffer()));
  if (written.metadata.some((kind) => kind !== "icc")) return { ok: false, reason: "metadata-left" };
  return { ok: true, width, height, type: blob.type as PhotoType, blob };
}

/** The file decoded upright (at the given size), or undefined when this browser cannot read it. */
async function decode(file: Blob, resize: ImageBitmapOptions = {}): Promise<ImageBitmap | undefined> {
  try {
    return await createImageBitmap(file, { ...resize, imageOrientation: "from-image" });
  } catch {
    return undefined;
  }
}
