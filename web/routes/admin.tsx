import { createFileRoute, lazyRouteComponent } from "@tanstack/react-router";

/**
 * The admin screens load on demand: a shopper never downloads them. The server renders only the
 * catalogue pages (/admin gets the app shell), so its build leaves them out altogether: otherwise
 * the editor and drag-and-drop libraries would ride along into the Worker bundle for nothing.
 */
export const Route = createFileRoute("/admin")({
  component: import.meta.env.SSR
    ? () => null
    : lazyRouteComponent(() => import("../features/admin/admin-screen.tsx"), "AdminScreen"),
});
