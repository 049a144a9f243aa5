import { createFileRoute } from "@tanstack/react-router";
import { guestOnly } from "../components/route-guards.tsx";
import { SigninScreen } from "../features/account/signin-screen.tsx";

export const Route = createFileRoute("/signin")({
  // docs/product.md §2: the administrator signs in here too, and goes to the admin panel.
  ...guestOnly((session) => (session.user.role === "admin" ? "/admin" : "/")),
  component: SigninScreen,
});
