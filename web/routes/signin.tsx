import { createFileRoute } from "@tanstack/react-router";
import { GuestOnly } from "../components/guest-only.tsx";
import { SigninScreen } from "../features/account/signin-screen.tsx";

export const Route = createFileRoute("/signin")({
  component: () => (
    // docs/product.md §2: the administrator signs in here too, and goes to the admin panel.
    <GuestOnly destination={(session) => (session.user.role === "admin" ? "/admin" : "/")}>
      <SigninScreen />
    </GuestOnly>
  ),
});
