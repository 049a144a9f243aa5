import { createFileRoute } from "@tanstack/react-router";
import { AdminScreen } from "../features/admin/admin-screen.tsx";

// Split into its own chunk by the router plugin: a shopper never downloads the admin screens.
export const Route = createFileRoute("/admin")({
  component: AdminScreen,
});
