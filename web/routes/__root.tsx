import { createRootRoute, Outlet } from "@tanstack/react-router";
import { AppLayout } from "../components/layout/app-layout.tsx";
import { NotFound } from "../components/not-found.tsx";
import { RouteError } from "../components/route-error.tsx";
import { UpdatePrompt } from "../features/app-update/update-prompt.tsx";

export const Route = createRootRoute({
  component: () => (
    <AppLayout>
      <Outlet />
      <UpdatePrompt />
    </AppLayout>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
