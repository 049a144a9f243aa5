import { nextTask } from "./next-task.ts";

/**
 * Starts the app in parts, each evaluated in a task of its own (ADR 0043, ADR 0100): React DOM,
 * the router, zod with the API client, the route tree, then the app's own start. Evaluating the
 * whole graph at once was the longest task of a page's start (120–350 ms on a phone-speed CPU);
 * in parts, the browser can handle input and paint between them. Each `import()` lets Vite
 * preload that part's chunks.
 */
export async function startInStages(): Promise<void> {
  await import("react-dom/client");
  await nextTask();
  await import("@tanstack/react-router");
  await nextTask();
  // Zod and the contract's shared schemas: the routes' search schemas and the session need them.
  await import("../lib/api-client.ts");
  await nextTask();
  // Every route's definition (search schemas, guards, loaders); each screen stays a chunk of its own.
  await import("../route-tree.gen.ts");
  await nextTask();
  const { startApp } = await import("./start-app.tsx");
  await nextTask();
  await startApp();
}
