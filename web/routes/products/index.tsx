import { createFileRoute } from "@tanstack/react-router";
import { startCatalogue } from "../../features/catalog/catalog-store.ts";
import { ProductsScreen } from "../../features/catalog/products-screen.tsx";
import { productsSearchSchema } from "../../features/catalog/products-search-params.ts";
import { whenIdle } from "../../lib/idle.ts";

export const Route = createFileRoute("/products/")({
  validateSearch: productsSearchSchema,
  // Not awaited: the screen shows what is known at once; hovering a link starts it early. When
  // idle: on the page's first load its first products are embedded, and the rest can wait for
  // the page to be usable.
  loader: () => void whenIdle(() => void startCatalogue()),
  component: ProductsRoute,
});

function ProductsRoute() {
  const { category } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProductsScreen
      categoryId={category}
      onSelectCategory={(id) => navigate({ search: id === undefined ? {} : { category: id }, resetScroll: false })}
    />
  );
}
