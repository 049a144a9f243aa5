import type { ComponentProps, SyntheticEvent } from "react";
import type { Product } from "../../../../worker/contract/catalogue.ts";
import { photoSrcSet } from "../../../../worker/contract/photos.ts";

/*
 * The admin's product pictures, with the shop's placeholder when there is none or it fails to
 * load (docs/product.md §3). Not web/components' ImageWithFallback: sharing it would split it into a chunk of
 * its own that every shopper's page then fetches separately.
 */
const placeholder = "/images/placeholder.svg";

const showPlaceholder = (event: SyntheticEvent<HTMLImageElement>) => {
  const img = event.currentTarget;
  img.removeAttribute("srcset");
  if (!img.src.endsWith(placeholder)) img.src = placeholder;
};

export function ProductThumbnail({
  product,
  ...props
}: { product: Product } & Omit<ComponentProps<"img">, "src" | "srcSet" | "alt" | "onError">) {
  const src = product.images[0] || placeholder;
  // A photo the shop stores comes in several widths (issue 41): the browser takes what `sizes` needs.
  const srcSet = photoSrcSet(src);
  return (
    <img
      src={src}
      alt=""
      onError={showPlaceholder}
      {...props}
      srcSet={srcSet}
      sizes={srcSet ? props.sizes : undefined}
    />
  );
}
