import { createFileRoute } from "@tanstack/react-router";
import { idParamSchema } from "../../../worker/contract/catalogue.ts";
import { ProductDetailScreen } from "../../features/catalog/product-detail-screen.tsx";
import { prepareProduct } from "../../features/catalog/use-catalog.ts";

export const Route = createFileRoute("/products/$id")({
  // Not awaited: the screen shows what is known at once; hovering a link starts it early.
  loader: ({ params }) => {
    const id = idParamSchema.safeParse(params);
    if (id.success) prepareProduct(id.data.id);
  },
  component: ProductRoute,
});

function ProductRoute() {
  // Parsed as the API parses it; a malformed id (`/products/abc`) is a missing product, not an error.
  const params = idParamSchema.safeParse(Route.useParams());
  return <ProductDetailScreen id={params.success ? params.data.id : undefined} />;
}
