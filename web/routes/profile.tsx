import { createFileRoute } from "@tanstack/react-router";
import { signedInOnly } from "../components/route-guards.tsx";
import { ProfileScreen } from "../features/account/profile-screen.tsx";
import { SuggestedProductList } from "../features/catalogue/suggested-products.tsx";

export const Route = createFileRoute("/profile")({
  ...signedInOnly,
  component: () => <ProfileScreen suggestions={(result) => <SuggestedProductList result={result} />} />,
});
