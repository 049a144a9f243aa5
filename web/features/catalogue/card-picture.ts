import {
  parsePhotoAddress,
  photoVariantPath,
  photoWidthsFor,
  productPictureSizes,
} from "../../../worker/contract/photos.ts";

/** The product cards' `sizes`: one column on a phone, two from sm, three from lg (the products grid). */
export const cardPictureSizes = productPictureSizes.card;

/**
 * The address a product card on this screen loads for a picture: for a stored photo, the variant
 * the browser takes from its `srcset` for `cardPictureSizes` (the narrowest at least as wide as
 * the card's pixels, else the widest); any other picture as it is. The service worker is handed
 * this one to keep for offline, not the largest the product lists.
 */
export function cardPicture(src: string, screenWidth = innerWidth, density = devicePixelRatio): string {
  const photo = parsePhotoAddress(src);
  if (!photo) return src;
  const slot = screenWidth >= 1024 ? screenWidth * 0.33 : screenWidth >= 640 ? screenWidth * 0.5 : screenWidth;
  const widths = photoWidthsFor(photo.width);
  const width = widths.find((candidate) => candidate >= slot * density) ?? photo.width;
  return photoVariantPath(photo, width);
}
