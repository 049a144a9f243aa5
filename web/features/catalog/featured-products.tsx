import { featuredProductCount } from "../../../worker/contract/initial-data.ts";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { ProductCard, ProductCardSkeleton } from "./product-card.tsx";
import { useProducts } from "./use-catalog.ts";

/**
 * The first three products as cards (SPEC §9), from the shared catalogue store: painted from the
 * page's embedded data on the first render, skeletons only when nothing is known yet.
 */
export function FeaturedProducts() {
  const { products, error, retry } = useProducts(undefined, "", featuredProductCount);

  if (error) {
    return <ErrorPanel message={error} onRetry={retry} />;
  }

  if (products && products.length === 0) {
    return (
      <p className="rounded-2xl border border-sand bg-white/70 p-8 text-center text-muted">
        Our first products are on their way. Please check back soon.
      </p>
    );
  }

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={!products}>
      {!products
        ? Array.from({ length: featuredProductCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <li key={i} className={i === 2 ? "sm:max-lg:hidden" : undefined}>
              <ProductCardSkeleton />
            </li>
          ))
        : products.map((product, i) => (
            <li
              key={product.id}
              className={i === 2 ? "sm:max-lg:col-span-2 sm:max-lg:mx-auto sm:max-lg:w-1/2" : undefined}
            >
              <ProductCard product={product} />
            </li>
          ))}
    </ul>
  );
}
