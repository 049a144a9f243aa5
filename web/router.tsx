import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { RouteError } from "./components/route-error.tsx";
import { routeTree } from "./route-tree.gen.ts";

/**
 * One router per page load in the browser (over the browser's history), one per request on the
 * server (with the request's address in a memory history).
 */
export function createAppRouter(history: RouterHistory, { onServer = false } = {}) {
  return createRouter({
    routeTree,
    history,
    isServer: onServer,
    defaultPreload: "intent",
    // A page that fails (its code not on this device offline, say) is told inside the site's
    // layout; the root's own errorComponent is for a layout that cannot render.
    defaultErrorComponent: RouteError,
    // On the server the router would write an inline restoration script, which the CSP
    // (script-src 'self') forbids; the browser restores scroll positions itself.
    scrollRestoration: !onServer,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

declare module "@tanstack/router-core" {
  interface StaticDataRouteOption {
    /** A page with a guard of web/components/route-guards.tsx, asked again when the session changes. */
    guarded?: boolean;
  }
}

declare module "@tanstack/history" {
  interface HistoryState {
    /** Where a guest-only screen sent a signed-in user away from (docs/product.md §2). */
    from?: string;
  }
}
