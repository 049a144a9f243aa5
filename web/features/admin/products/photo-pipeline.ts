/// <reference lib="webworker" />
import {
  largestPhotoWidth,
  largestVariantWidth,
  maxPhotoHeight,
  photoFormats,
  photoPreviewSize,
  photoWidthsFor,
} from "../../../../worker/contract/photos.ts";
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

export type PhotoPreview = { ok: true; blob: Blob } | { ok: false; reason: "cannot-decode" | "metadata-left" };

/**
 * The most pixels the preview's decoded photo may have: a variant's largest (1600 × 4000), so no
 * photo is ever decoded larger for its preview than for its variants.
 */
const maxPreviewDecodePixels = largestPhotoWidth * maxPhotoHeight;

/**
 * How the link preview is cut from a photo whose upright size is `width` × `height`: the photo
 * is decoded at `decode` (scaled so it covers 1200 × 630, unless that would pass
 * `maxPreviewDecodePixels`), and the centred `crop` of that bitmap, of the preview's proportions,
 * is drawn onto the 1200 × 630 canvas. A photo of ordinary proportions is decoded so one side is
 * exactly the preview's, and the crop is then 1200 × 630 itself: no second resampling.
 */
export function previewCrop(
  width: number,
  height: number,
): { decode: { width: number; height: number }; crop: { x: number; y: number; width: number; height: number } } {
  const target = photoPreviewSize;
  const cover = Math.max(target.width / width, target.height / height);
  const limit = Math.sqrt(maxPreviewDecodePixels / (width * height));
  // Rounded down when the limit decides, so rounding never takes the bitmap past it.
  const size = cover <= limit ? (side: number) => Math.round(side * cover) : (side: number) => Math.floor(side * limit);
  const decode = { width: Math.max(1, size(width)), height: Math.max(1, size(height)) };
  const ratio = target.width / target.height;
  const wider = decode.width / decode.height > ratio;
  const cropWidth = wider ? Math.min(decode.width, Math.round(decode.height * ratio)) : decode.width;
  const cropHeight = wider ? decode.height : Math.min(decode.height, Math.round(decode.width / ratio));
  return {
    decode,
    crop: {
      x: Math.floor((decode.width - cropWidth) / 2),
      y: Math.floor((decode.height - cropHeight) / 2),
      width: cropWidth,
      height: cropHeight,
    },
  };
}

/**
 * The photo's link preview (ADR 0094): 1200 × 630, cut from the centre of the upright photo
 * (`previewCrop`), as JPEG, which every link-preview crawler reads (some read no WebP). Read back
 * like a variant: no metadata may leave the device.
 */
export async function encodePreview(file: Blob, size: { width: number; height: number }): Promise<PhotoPreview> {
  const { decode: decoded, crop } = previewCrop(size.width, size.height);
  const bitmap = await decode(file, {
    resizeWidth: decoded.width,
    resizeHeight: decoded.height,
    resizeQuality: "high",
  });
  if (!bitmap) return { ok: false, reason: "cannot-decode" };
  if (bitmap.width !== decoded.width || bitmap.height !== decoded.height) {
    bitmap.close();
    return { ok: false, reason: "cannot-decode" };
  }
  const canvas = new OffscreenCanvas(photoPreviewSize.width, photoPreviewSize.height);
  const context = canvas.getContext("2d");
  if (!context) return { ok: false, reason: "cannot-decode" };
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await canvas.convertToBlob({ type: photoFormats.jpg, quality: 0.85 });
  if (blob.type !== photoFormats.jpg) return { ok: false, reason: "cannot-decode" };
  const written = readPhotoHeader(new Uint8Array(await blob.slice(0, photoHeaderBytes).arrayBuffer()));
  if (written.metadata.some((kind) => kind !== "icc")) return { ok: false, reason: "metadata-left" };
  return { ok: true, blob };
}

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
