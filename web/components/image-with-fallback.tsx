import type { ComponentProps, SyntheticEvent } from "react";
import { photoSrcSet } from "../../worker/contract/photos.ts";

/** Shown when a product has no image, or its image cannot be loaded (docs/product.md §3). */
export const placeholderImage = "/images/placeholder.svg";

const showPlaceholder = (event: SyntheticEvent<HTMLImageElement>) => {
  const img = event.currentTarget;
  // A stored photo's variants would win over `src`: they go too.
  img.removeAttribute("srcset");
  if (!img.src.endsWith(placeholderImage)) img.src = placeholderImage;
};

/**
 * An `<img>` that shows the placeholder instead of a broken image when its file fails to load. A
 * photo the shop stores (issue 41) is offered in all its widths (`srcset`), so the browser takes
 * the one the caller's `sizes` and the screen need; any other address is shown as it is.
 */
export function ImageWithFallback(props: Omit<ComponentProps<"img">, "onError" | "srcSet">) {
  const srcSet = typeof props.src === "string" ? photoSrcSet(props.src) : undefined;
  // biome-ignore lint/a11y/useAltText: `alt` is required by the callers' props and passed through
  return <img {...props} srcSet={srcSet} sizes={srcSet ? props.sizes : undefined} onError={showPlaceholder} />;
}
