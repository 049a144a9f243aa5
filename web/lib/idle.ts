/**
 * Runs `task` once the browser is idle (within two seconds at the latest); returns a function
 * that cancels it. Safari has no requestIdleCallback: there it runs after a short delay.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(() => task(), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
