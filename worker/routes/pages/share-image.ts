import { parsePhotoAddress, photoPreviewPath, photoPreviewSize } from "../../contract/photos.ts";
import type { SharePreviews } from "../../contract/share-previews.ts";
import type { PhotoStore } from "../../photos/photo-store.ts";

/** The image a shared link previews with: `og:image` and `twitter:image`, and what describes it. */
export type ShareImage = {
  /** Absolute URL. */
  url: string;
  alt: string;
  /** MIME type, when known from the file. */
  type?: string | undefined;
  /** Pixel size, when known: only for the previews the build made. */
  width?: number | undefined;
  height?: number | undefined;
};

/** The raster formats link previews show, by file extension. */
const rasterTypes = new Map([
  ["png", "image/png"],
  ["jpg", "image/jpeg"],
  ["jpeg", "image/jpeg"],
  ["webp", "image/webp"],
  ["gif", "image/gif"],
]);

export const shopName = "Doğal Yaşam";

/**
 * ADR 0019's rule for a page's preview image, given the product's first image (none for the
 * home and product-list pages):
 * 1. a shop illustration the build made a preview of (`/images/products/x.svg`): that preview;
 * 2. a raster image (http(s) or site-relative .png/.jpg/.jpeg/.webp/.gif, e.g. one an
 *    administrator entered): the image itself, its size unknown;
 * 3. anything else (an SVG without a preview, an external SVG, no image): the shop's default
 *    preview, described as the shop rather than the product.
 * `previews` is null when the build's list cannot be read: then only rule 2 gives an image.
 */
export function shareImageFor(
  image: string | undefined,
  alt: string,
  previews: SharePreviews | null,
  origin: string,
): ShareImage | undefined {
  // Own keys only: an image named "constructor" must not find Object's.
  if (previews && image !== undefined && Object.hasOwn(previews.images, image)) {
    return built(previews.images[image] as string, alt, previews, origin);
  }
  const url = image === undefined ? null : URL.parse(image, origin);
  const type = rasterTypes.get(url?.pathname.split(".").pop()?.toLowerCase() ?? "");
  if (url && type && (url.protocol === "https:" || url.protocol === "http:")) return { url: url.href, alt, type };
  return previews ? built(previews.default, shopName, previews, origin) : undefined;
}

const built = (path: string, alt: string, previews: SharePreviews, origin: string): ShareImage => ({
  url: new URL(path, origin).href,
  alt,
  type: previews.type,
  width: previews.width,
  height: previews.height,
});

/**
 * The link preview of a product whose first image is one of the shop's own photos uploaded with
 * its preview (ADR 0094): that JPEG, 1200 × 630. Undefined for any other image, and for a photo
 * stored before previews were made, which keeps ADR 0019's rule (shareImageFor). One store HEAD
 * per render: a product page is rendered once per catalogue version and answered from that render.
 */
export async function photoShareImage(
  image: string | undefined,
  alt: string,
  store: PhotoStore | undefined,
  origin: string,
): Promise<ShareImage | undefined> {
  const photo = image === undefined ? null : parsePhotoAddress(image);
  if (!photo || !store) return undefined;
  const path = photoPreviewPath(photo);
  // A store that cannot answer costs the page its photo's preview, never the page.
  const stored = await store.has(path.slice("/images/".length)).catch(() => false);
  if (!stored) return undefined;
  return { url: new URL(path, origin).href, alt, type: "image/jpeg", ...photoPreviewSize };
}
