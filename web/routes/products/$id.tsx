import { createFileRoute } from "@tanstack/react-router";
import { ProductDetailScreen } from "../../features/catalog/product-detail-screen.tsx";
import { productIdFromPathname } from "../../lib/initial-data.ts";

export const Route = createFileRoute("/products/$id")({
  component: ProductRoute,
});

function ProductRoute() {
  const { id } = Route.useParams();
  // A malformed id (`/products/abc`) is a missing product, not an error.
  return <ProductDetailScreen id={productIdFromPathname(`/products/${id}`)} />;
}
