/**
 * Starts the app in three tasks instead of one (ADR 0043): React DOM, then the router, then the
 * app's own modules and its start. Evaluating the whole graph at once was the longest task of a
 * page's start (120–350 ms on a phone-speed CPU); in three, the browser can handle input and
 * paint between them. Each `import()` lets Vite preload that part's chunks.
 */
export async function startInStages(): Promise<void> {
  await import("react-dom/client");
  await nextTask();
  await import("@tanstack/react-router");
  await nextTask();
  const { startApp } = await import("./start-app.tsx");
  await nextTask();
  await startApp();
}

/** Resolves in a later task, so the browser can handle input and paint in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
