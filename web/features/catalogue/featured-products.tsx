import { featuredProductCount } from "../../../worker/contract/initial-data.ts";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { m } from "../../paraglide/messages.js";
import { ProductCardRow } from "./product-card.tsx";
import { useProducts } from "./use-catalogue.ts";

/**
 * The first three products as cards (docs/product.md §9), from the shared catalogue store: painted from the
 * page's embedded data on the first render, skeletons only when nothing is known yet.
 */
export function FeaturedProducts() {
  const { products, error, retry } = useProducts(undefined, "", featuredProductCount);

  if (error) {
    return <ErrorPanel message={error} onRetry={retry} />;
  }

  return <ProductCardRow products={products} placeholders={featuredProductCount} empty={m.featured_none_yet()} />;
}
