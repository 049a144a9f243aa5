import { createFileRoute } from "@tanstack/react-router";
import { idParamSchema } from "../../../worker/contract/catalogue.ts";
import { loadProduct } from "../../features/catalog/catalog-store.ts";
import { ProductDetailScreen } from "../../features/catalog/product-detail-screen.tsx";
import { whenIdle } from "../../lib/idle.ts";

export const Route = createFileRoute("/products/$id")({
  // Not awaited: the screen shows what is known at once; hovering a link starts it early.
  loader: ({ params }) => {
    const id = idParamSchema.safeParse(params);
    if (id.success) whenIdle(() => void loadProduct(id.data.id));
  },
  component: ProductRoute,
});

function ProductRoute() {
  // Parsed as the API parses it; a malformed id (`/products/abc`) is a missing product, not an error.
  const params = idParamSchema.safeParse(Route.useParams());
  return <ProductDetailScreen id={params.success ? params.data.id : undefined} />;
}
