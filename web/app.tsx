import "./lib/zod-config.ts";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { readInitialData } from "./lib/initial-data.ts";
import { createAppRouter } from "./router.tsx";

// The app itself, started by main.tsx once the browser has painted the page.

// Read the server's embedded catalogue data while the address is still the one it was written for.
readInitialData();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

/**
 * Marks the page once the app has committed its first render (hydrated or rendered) and its
 * effects are running: `<html data-app="ready">`. Until then a server-rendered page shows
 * content whose buttons may not respond yet; the e2e tests wait for this mark before they act.
 */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}

const router = createAppRouter();
const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <MarkReady />
  </StrictMode>
);

if (root.firstElementChild) {
  // The catalogue pages arrive rendered by the server (web/entry-server.tsx). Resolving the
  // route first (its code split chunk) lets the first render match that HTML, so React adopts
  // it instead of painting it again. `router.ssr` tells the router the page was server-rendered,
  // so it lays out its boundaries as the server did (ADR 0007: no dehydration scripts).
  router.ssr = { manifest: undefined };
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is adopted (a tap still hydrates its target first).
  void router.load().then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
