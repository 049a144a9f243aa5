import { createFileRoute } from "@tanstack/react-router";
import { Protected } from "../components/protected.tsx";
import { ProfileScreen } from "../features/account/profile-screen.tsx";
import { SuggestedProductList } from "../features/catalogue/suggested-products.tsx";

export const Route = createFileRoute("/profile")({
  component: () => (
    <Protected>
      <ProfileScreen suggestions={(result) => <SuggestedProductList result={result} />} />
    </Protected>
  ),
});
