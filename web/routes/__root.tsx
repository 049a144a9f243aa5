import { createRootRoute, Outlet } from "@tanstack/react-router";
import { AppLayout } from "../components/layout/app-layout.tsx";
import { NotFound } from "../components/not-found.tsx";
import { RouteError } from "../components/route-error.tsx";
import { UpdatePrompt } from "../features/app-update/update-prompt.tsx";
import { OfflineIndicator } from "../features/catalogue/offline-indicator.tsx";
import { useCategories } from "../features/catalogue/use-catalogue.ts";
import { usePageHead } from "../lib/page-head.ts";

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

function RootLayout() {
  usePageHead();
  return (
    <AppLayout categories={useCategories()} notice={<OfflineIndicator />}>
      <Outlet />
      <UpdatePrompt />
    </AppLayout>
  );
}
