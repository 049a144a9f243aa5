import { createFileRoute } from "@tanstack/react-router";
import { featuredProductCount } from "../../worker/contract/initial-data.ts";
import { FeaturedProducts } from "../features/catalogue/featured-products.tsx";
import { SuggestedProductCards } from "../features/catalogue/suggested-products.tsx";
import { prepareList } from "../features/catalogue/use-catalogue.ts";
import { HomeScreen } from "../features/home/home-screen.tsx";
import { useMemberTemperament } from "../lib/member-temperament.ts";

export const Route = createFileRoute("/")({
  // Opened from another screen (or hovered), the featured products are asked for first.
  loader: () => prepareList({ categoryId: undefined, temperament: undefined, query: "", limit: featuredProductCount }),
  component: HomeRoute,
});

/** Home, with the signed-in member's suggestions when their temperament result is known (issue 30). */
function HomeRoute() {
  const temperament = useMemberTemperament();
  return (
    <HomeScreen
      featured={<FeaturedProducts />}
      suggestions={
        temperament && {
          dominant: temperament.dominant,
          products: <SuggestedProductCards result={temperament} />,
        }
      }
    />
  );
}
