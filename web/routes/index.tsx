import { createFileRoute } from "@tanstack/react-router";
import { featuredProductCount } from "../../worker/contract/initial-data.ts";
import { FeaturedProducts } from "../features/catalog/featured-products.tsx";
import { prepareList } from "../features/catalog/use-catalog.ts";
import { HomeScreen } from "../features/home/home-screen.tsx";

export const Route = createFileRoute("/")({
  // Opened from another screen (or hovered), the featured products are asked for first.
  loader: () => prepareList({ categoryId: undefined, temperament: undefined, query: "", limit: featuredProductCount }),
  component: () => <HomeScreen featured={<FeaturedProducts />} />,
});
