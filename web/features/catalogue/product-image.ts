import type { Product } from "../../../worker/contract/catalogue.ts";
import { placeholderImage } from "../../components/image-with-fallback.tsx";

/** The product's first image; `images` may also arrive as a single string (docs/product.md §3). */
export function primaryImage(product: Pick<Product, "images">): string {
  const images: unknown = product.images;
  const first = Array.isArray(images) ? images.find((src) => typeof src === "string" && src.trim()) : images;
  return typeof first === "string" && first.trim() ? first : placeholderImage;
}
