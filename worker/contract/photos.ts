/**
 * The shop's own product photos (issue 41), shared by the server that stores them and the web app
 * that makes and shows them. The admin's device makes each photo's variants; the server checks and
 * stores them; a product's `images` list holds the address of the largest variant, and every other
 * variant's address follows from it, so the product's shape (docs/product.md §3: a list of URLs)
 * stays as SPEC gives it.
 *
 * A photo whose upright width is W has one variant per width in `photoWidthsFor(W)`: the standard
 * widths below W, and W itself up to 1600 (never upscaled). Every variant has the same format.
 * The address of a variant is `/images/<hash>-<width>.<ext>`, where `<hash>` is the SHA-256 (hex,
 * lowercase) of the largest variant's bytes: a retried upload names the same files.
 */

/** The widths the device encodes (CSS pixels of a phone at 1×, a phone at 2× and a desktop). */
export const photoWidths = [480, 960, 1600] as const;
export const largestPhotoWidth = 1600;

/**
 * The tallest a variant may be: a portrait photo up to 1:2.5 (a phone's tall screenshot is about
 * 1:2.2) keeps the full 1600 px width; a taller one is made narrower (`largestVariantWidth`).
 * 1600 × 4000 is 6.4 megapixels, well under what iOS lets a canvas hold (16.7).
 */
export const maxPhotoHeight = 4000;

/** The most bytes one variant may have (2 MB): a 1600 px photo is a few hundred kB. */
export const maxPhotoVariantBytes = 2 * 1024 * 1024;

/**
 * The Cache Storage cache the service worker answers `/images/…` from (web/service-worker/sw.ts);
 * the admin's device puts a photo's variants there the moment it queues the photo (ADR 0093), so
 * every screen of that device shows it before, or without, the upload.
 */
export const ownPicturesCache = "images";

/** The multipart field every variant of an upload is sent in (`POST /api/admin/images`). */
export const photoUploadField = "variant";

/**
 * The width of a photo's largest variant, for an upright photo of `width` × `height` pixels: at
 * most 1600 px wide and `maxPhotoHeight` high, never upscaled. The device encodes
 * `photoWidthsFor(largestVariantWidth(w, h))`.
 */
export function largestVariantWidth(width: number, height: number): number {
  const byHeight = Math.floor((width * maxPhotoHeight) / height);
  return Math.max(1, Math.min(Math.round(width), largestPhotoWidth, byHeight));
}

/** Formats the shop stores: every browser shows both; Safari's canvas encodes only JPEG. */
export const photoFormats = { webp: "image/webp", jpg: "image/jpeg" } as const;
export type PhotoExtension = keyof typeof photoFormats;

/** Variants a photo of this upright width is stored in, smallest first. */
export function photoWidthsFor(width: number): number[] {
  const largest = Math.min(Math.round(width), largestPhotoWidth);
  return [...photoWidths.filter((w) => w < largest), largest];
}

const photoPath = /^\/images\/([0-9a-f]{64})-([1-9][0-9]{0,3})\.(webp|jpg)$/;

export interface PhotoAddress {
  hash: string;
  /** The largest variant's width. */
  width: number;
  extension: PhotoExtension;
}

/** The parts of a stored photo's address, or null for any other image (a URL the admin typed). */
export function parsePhotoAddress(src: string): PhotoAddress | null {
  const match = photoPath.exec(src);
  if (!match) return null;
  const width = Number(match[2]);
  if (width > largestPhotoWidth) return null;
  return { hash: match[1] as string, width, extension: match[3] as PhotoExtension };
}

export function photoVariantPath(photo: PhotoAddress, width: number): string {
  return `/images/${photo.hash}-${width}.${photo.extension}`;
}

/**
 * A photo's link preview (ADR 0094): the size WhatsApp, Facebook and X lay a shared link's
 * picture out at, cut from the upright photo's centre by the admin's device, as JPEG (every
 * crawler reads it; some read no WebP). Optional in an upload: photos stored before it have none.
 */
export const photoPreviewSize = { width: 1200, height: 630 } as const;
/** The multipart field the preview is sent in, beside the `variant` parts. */
export const photoPreviewField = "preview";

/** The address of a photo's link preview, beside its variants: `/images/<hash>-1200x630.jpg`. */
export function photoPreviewPath(photo: Pick<PhotoAddress, "hash">): string {
  return `/images/${photo.hash}-${photoPreviewSize.width}x${photoPreviewSize.height}.jpg`;
}

/**
 * The `sizes` of the two pictures a page's largest paint can be, shared by the screens and the
 * server's preload of that picture (page-shell.ts), so both ask for the same variant: a product
 * card (one column on a phone, two from sm, three from lg) and the product page's main image (the
 * page's width on a phone, half of it beside the texts from lg).
 */
export const productPictureSizes = {
  card: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  page: "(min-width: 1024px) 50vw, 100vw",
} as const;

/**
 * `srcset` for a stored photo's address (every variant with its width), or undefined for any other
 * image, which is shown as it is.
 */
export function photoSrcSet(src: string): string | undefined {
  const photo = parsePhotoAddress(src);
  if (!photo) return undefined;
  return photoWidthsFor(photo.width)
    .map((width) => `${photoVariantPath(photo, width)} ${width}w`)
    .join(", ");
}
