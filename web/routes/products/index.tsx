import { createFileRoute } from "@tanstack/react-router";
import { ProductsScreen } from "../../features/catalog/products-screen.tsx";
import { productsSearchSchema } from "../../features/catalog/products-search-params.ts";

export const Route = createFileRoute("/products/")({
  validateSearch: productsSearchSchema,
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
