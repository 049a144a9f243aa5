import { createFileRoute } from "@tanstack/react-router";
import { productsPageSize } from "../../../worker/contract/initial-data.ts";
import { ProductsScreen } from "../../features/catalogue/products-screen.tsx";
import { productsSearchSchema } from "../../features/catalogue/products-search-params.ts";
import { prepareList, startCatalogue } from "../../features/catalogue/use-catalogue.ts";
import { whenIdle } from "../../lib/idle.ts";

export const Route = createFileRoute("/products/")({
  validateSearch: productsSearchSchema,
  loaderDeps: ({ search }) => ({ category: search.category, temperament: search.temperament }),
  // On the page's first load its first products are embedded, and the catalogue starts when the
  // page is usable; opened from another screen (or hovered), the first page is asked for first.
  loader: ({ deps }) => {
    whenIdle(startCatalogue);
    return prepareList({
      categoryId: deps.category,
      temperament: deps.temperament,
      query: "",
      limit: productsPageSize,
    });
  },
  component: ProductsRoute,
});

function ProductsRoute() {
  const { category, temperament } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A category chosen keeps the temperament, and the other way round (the temperament links).
  const show = (search: { category?: number; temperament?: typeof temperament }) =>
    navigate({
      search: {
        ...(search.category === undefined ? {} : { category: search.category }),
        ...(search.temperament === undefined ? {} : { temperament: search.temperament }),
      },
      resetScroll: false,
    });
  return (
    <ProductsScreen
      categoryId={category}
      temperament={temperament}
      onSelectCategory={(id) => show({ category: id, temperament })}
      onClearFilters={() => show({})}
    />
  );
}
