/**
 * Creates the catalogue worker (catalogue-worker.ts), once per page. main.tsx calls this right
 * after the first paint, before the store that talks to it is loaded, so the worker reads the
 * device's copy while the app starts (ADR 0028); it pushes nothing before the page asks.
 */
let started: { worker: Worker; failed: Promise<never> } | undefined;

export function catalogueWorker(): { worker: Worker; failed: Promise<never> } {
  if (started) return started;
  const worker = new Worker(new URL("./catalogue-worker.ts", import.meta.url), { type: "module", name: "catalogue" });
  // Its script did not load (offline before the service worker kept it): remembered for the store.
  const failed = new Promise<never>((_, reject) => worker.addEventListener("error", reject, { once: true }));
  failed.catch(() => {});
  started = { worker, failed };
  return started;
}
