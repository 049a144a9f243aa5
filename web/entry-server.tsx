import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { InitialData } from "../worker/contract/initial-data.ts";
import { ServerInitialData } from "./lib/initial-data.ts";
import { createAppRouter } from "./router.tsx";

/**
 * Renders a catalogue page to HTML on the server (the Node server and the Worker call this
 * through worker/lib/page-renderer.ts), from the same data the page embeds: the browser paints
 * the hero, products and images before any script runs, then web/boot/start-app.tsx hydrates that HTML.
 *
 * @param url the path and query string the page is served for, e.g. `/products?category=2`
 * @returns the markup that goes inside `<div id="root">`
 */
export async function renderPage(url: string, data: InitialData): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }), { onServer: true });
  await router.load();
  const pathname = new URL(url, "http://server").pathname;
  return renderToString(
    <StrictMode>
      <ServerInitialData value={{ pathname, data }}>
        <RouterProvider router={router} />
      </ServerInitialData>
    </StrictMode>,
  );
}
