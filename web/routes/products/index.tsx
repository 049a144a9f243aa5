import { createFileRoute } from "@tanstack/react-router";
import { productsPageSize } from "../../../worker/contract/initial-data.ts";
import { ProductsScreen } from "../../features/catalog/products-screen.tsx";
import { productsSearchSchema } from "../../features/catalog/products-search-params.ts";
import { prepareList, startCatalogue } from "../../features/catalog/use-catalog.ts";
import { whenIdle } from "../../lib/idle.ts";

export const Route = createFileRoute("/products/")({
  validateSearch: productsSearchSchema,
  loaderDeps: ({ search }) => ({ category: search.category }),
  // On the page's first load its first products are embedded, and the catalogue starts when the
  // page is usable; opened from another screen (or hovered), the first page is asked for first.
  loader: ({ deps }) => {
    whenIdle(startCatalogue);
    return prepareList({ categoryId: deps.category, temperament: undefined, query: "", limit: productsPageSize });
  },
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
