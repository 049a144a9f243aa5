import { createRootRoute, Outlet } from "@tanstack/react-router";
import { AppLayout } from "../components/layout/app-layout.tsx";
import { NotFound } from "../components/not-found.tsx";
import { RouteError } from "../components/route-error.tsx";

export const Route = createRootRoute({
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
