import "../lib/zod-config.ts";
import { createBrowserHistory, RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { followSessionChanges } from "../components/route-guards.tsx";
import { whenIdle } from "../lib/idle.ts";
import { readInitialData } from "../lib/initial-data.ts";
import { syncLocaleChoice } from "../lib/locale-choice.ts";
import { createAppRouter } from "../router.tsx";
import { nextTask } from "./next-task.ts";

/**
 * Marks the page once the app has committed its first render (hydrated or rendered) and the
 * mount effects of everything inside have run: `<html data-app="ready">`. Until then a
 * server-rendered page shows content whose buttons may not respond yet; the e2e tests wait for
 * this mark before they act. It wraps the app rather than sitting beside it: a sibling would
 * shift the ids `useId` gives on the client against those the server rendered.
 */
function MarkReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return children;
}

/**
 * Starts the app on the page: hydrates the markup the server rendered (the catalogue pages,
 * web/entry-server.tsx), or renders into an empty `#root` (every other page). Reading the
 * embedded data, creating the router and resolving the route each take a task of their own
 * (ADR 0100): together they were one task of 80–130 ms on this machine, four times that on a phone.
 */
export async function startApp(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) throw new Error("The page has no #root element.");

  // Read the server's embedded catalogue data while the address is still the one it was written for.
  readInitialData();
  await nextTask();
  // Product views and shop visits kept on this device while offline (issue 31): sent once the
  // page is idle, and whenever the network comes back; their code loaded then, from here rather
  // than the entry, which starts the app in parts (ADRs 0043, 0100).
  whenIdle(
    () =>
      void import("../lib/insight-events.ts").then(
        (events) => events.sendWaitingInsightEventsFromNowOn(),
        () => {},
      ),
  );
  // The language chosen with the switch, copied where the service worker reads it offline. (The
  // header's switch imports the module anyway, so it is no chunk of its own.)
  whenIdle(() => void syncLocaleChoice());
  const router = createAppRouter(createBrowserHistory());
  followSessionChanges(router);
  await nextTask();
  const app = (
    <StrictMode>
      <MarkReady>
        <RouterProvider router={router} />
      </MarkReady>
    </StrictMode>
  );
  if (!root.firstElementChild) {
    createRoot(root).render(app);
    return;
  }
  // TanStack Router's documented hydration (`RouterClient`/`hydrate` from
  // @tanstack/react-router/ssr/client) starts from the state its own server render writes into
  // the page as inline scripts (`window.$_TSR`, read without a check in production builds); the
  // CSP allows no inline script (script-src 'self', ADR 0043), and this page embeds its data as
  // JSON instead. Of what `hydrate` sets, the markup depends on one public field, `router.ssr`:
  // with it the router lays out its boundaries as the server did, so React adopts the markup.
  router.ssr = { manifest: undefined };
  // Resolving the route first (its code-split chunk) lets the first render match that HTML.
  await router.load();
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is adopted (a tap still hydrates its target first).
  startTransition(() => void hydrateRoot(root, app));
}
