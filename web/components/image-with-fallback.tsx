import type { ComponentProps, SyntheticEvent } from "react";

/** Shown when a product has no image, or its image cannot be loaded (docs/product.md §3). */
export const placeholderImage = "/images/placeholder.svg";

const showPlaceholder = (event: SyntheticEvent<HTMLImageElement>) => {
  const img = event.currentTarget;
  if (!img.src.endsWith(placeholderImage)) img.src = placeholderImage;
};

/** An `<img>` that shows the placeholder instead of a broken image when its file fails to load. */
export function ImageWithFallback(props: Omit<ComponentProps<"img">, "onError">) {
  // biome-ignore lint/a11y/useAltText: `alt` is required by the callers' props and passed through
  return <img {...props} onError={showPlaceholder} />;
}
