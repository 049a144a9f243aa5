/**
 * The catalogue worker (catalogue-worker.ts), created once per page. A worker reads the device's
 * copy as it starts and tells the page nothing until the page first writes to it, so it can be
 * created before the store that listens to it is loaded (ADR 0028): the reading then overlaps
 * the app's start instead of following it.
 */
let started: { worker: Worker; failed: Promise<void> } | undefined;

export function catalogueWorker(): { worker: Worker; failed: Promise<void> } {
  if (!started) {
    const worker = new Worker(new URL("./catalogue-worker.ts", import.meta.url), { type: "module", name: "catalogue" });
    // Its script did not load (offline before the service worker kept it); remembered, since the
    // store may start listening after the event.
    const failed = new Promise<void>((resolve) => worker.addEventListener("error", () => resolve(), { once: true }));
    started = { worker, failed };
  }
  return started;
}
