import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { localizedPath, splitLocale } from "../worker/contract/locales.ts";
import { RouteError } from "./components/route-error.tsx";
import { getLocale } from "./paraglide/runtime.js";
import { routeTree } from "./route-tree.gen.ts";

/**
 * One router per page load in the browser (over the browser's history), one per request on the
 * server (with the request's address in a memory history).
 *
 * The route tree knows only the English paths. A Turkish page (`/tr/products/7`) is read
 * without its `/tr` (ADR 0079), and every link and navigation the router makes gets it back,
 * so route files and typed links stay as they are.
 */
export function createAppRouter(history: RouterHistory, { onServer = false } = {}) {
  // The page's language: fixed by each client build; on the server, the request's.
  const locale = getLocale();
  return createRouter({
    routeTree,
    history,
    rewrite: {
      input: ({ url }) => {
        url.pathname = splitLocale(url.pathname).path;
        return url;
      },
      output: ({ url }) => {
        url.pathname = localizedPath(url.pathname as `/${string}`, locale);
        return url;
      },
    },
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
