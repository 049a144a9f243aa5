import { createFileRoute } from "@tanstack/react-router";
import { idParamSchema } from "../../../worker/contract/catalogue.ts";
import { ProductDetailScreen } from "../../features/catalog/product-detail-screen.tsx";

export const Route = createFileRoute("/products/$id")({
  component: ProductRoute,
});

function ProductRoute() {
  // Parsed as the API parses it; a malformed id (`/products/abc`) is a missing product, not an error.
  const params = idParamSchema.safeParse(Route.useParams());
  return <ProductDetailScreen id={params.success ? params.data.id : undefined} />;
}
