import type { Product } from "../../../worker/contract/catalogue.ts";

/** Shown when a product has no image, or its image cannot be loaded (SPEC §3). */
export const placeholderImage = "/images/placeholder.svg";

/** The product's first image; `images` may also arrive as a single string (SPEC §3). */
export function primaryImage(product: Pick<Product, "images">): string {
  const images: unknown = product.images;
  const first = Array.isArray(images) ? images.find((src) => typeof src === "string" && src.trim()) : images;
  return typeof first === "string" && first.trim() ? first : placeholderImage;
}
