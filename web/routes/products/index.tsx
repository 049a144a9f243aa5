import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/coming-soon.tsx";
import { productsSearchSchema } from "../../features/catalog/products-search-params.ts";

export const Route = createFileRoute("/products/")({
  validateSearch: productsSearchSchema,
  component: () => <ComingSoon title="Products" />,
});
