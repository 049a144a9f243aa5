import { createFileRoute } from "@tanstack/react-router";
import { FeaturedProducts } from "../features/catalog/featured-products.tsx";
import { HomeScreen } from "../features/home/home-screen.tsx";

export const Route = createFileRoute("/")({
  component: () => <HomeScreen featured={<FeaturedProducts />} />,
});
