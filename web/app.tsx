import "./lib/zod-config.ts";
import { createBrowserHistory, RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { readInitialData } from "./lib/initial-data.ts";
import { createAppRouter } from "./router.tsx";

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
 * Starts the app on the page main.tsx loaded it into. The steps are separate tasks (`nextTask`
 * between them): each is the first run of a good deal of library code, and together they would
 * hold the main thread long enough to delay a tap (ADR 0008).
 */
export async function startApp(nextTask: () => Promise<void>): Promise<void> {
  const root = document.getElementById("root");
  if (!root) throw new Error("The page has no #root element.");

  // Read the server's embedded catalogue data while the address is still the one it was written for.
  readInitialData();
  await nextTask();
  const history = createBrowserHistory();
  await nextTask();
  const router = createAppRouter(history);
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
  // The catalogue pages arrive rendered by the server (web/entry-server.tsx). Resolving the
  // route first (its code split chunk) lets the first render match that HTML, so React adopts
  // it instead of painting it again. `router.ssr` tells the router the page was server-rendered,
  // so it lays out its boundaries as the server did (ADR 0007: no dehydration scripts).
  router.ssr = { manifest: undefined };
  await router.load();
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is adopted (a tap still hydrates its target first).
  startTransition(() => void hydrateRoot(root, app));
}
