import { createFileRoute } from "@tanstack/react-router";
import { idParamSchema } from "../../../worker/contract/catalogue.ts";
import { ProductDetailScreen } from "../../features/catalogue/product-detail-screen.tsx";

// No loader: the screen shows what the catalogue knows at once (a tapped card's product too).
export const Route = createFileRoute("/products/$id")({ component: ProductRoute });

function ProductRoute() {
  // Parsed as the API parses it; a malformed id (`/products/abc`) is a missing product, not an error.
  const params = idParamSchema.safeParse(Route.useParams());
  return <ProductDetailScreen id={params.success ? params.data.id : undefined} />;
}
