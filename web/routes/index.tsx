import { createFileRoute } from "@tanstack/react-router";
import { featuredProductCount } from "../../worker/contract/initial-data.ts";
import { FeaturedProducts } from "../features/catalogue/featured-products.tsx";
import { SuggestedProductCards } from "../features/catalogue/suggested-products.tsx";
import { prepareList } from "../features/catalogue/use-catalogue.ts";
import { HomeScreen } from "../features/home/home-screen.tsx";
import { useMemberResult } from "../lib/member-temperament.ts";

export const Route = createFileRoute("/")({
  // Opened from another screen (or hovered), the featured products are asked for first.
  loader: () => prepareList({ categoryId: undefined, temperament: undefined, query: "", limit: featuredProductCount }),
  component: HomeRoute,
});

/**
 * Home, with the signed-in member's result in the test's place (issue 38) and their suggestions
 * when the result is known (issue 30); offline, the result the device kept.
 */
function HomeRoute() {
  const member = useMemberResult();
  const temperament = member.kind === "member" ? member.result : null;
  return (
    <HomeScreen
      featured={<FeaturedProducts />}
      member={member.kind === "member" ? { result: member.result } : null}
      suggestions={
        temperament && {
          dominant: temperament.dominant,
          products: <SuggestedProductCards result={temperament} />,
        }
      }
    />
  );
}
