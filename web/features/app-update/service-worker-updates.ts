import { registerSW } from "virtual:pwa-register";
import { keepPictures } from "../../lib/keep-pictures.ts";

/**
 * Registers the service worker (web/service-worker/sw.ts, ADR 0018) and reports a new version
 * that is installed and waiting. It takes over only when the shopper asks (`registerType:
 * "prompt"`): a reload the shopper did not ask for could throw away what they were typing.
 *
 * @param onUpdateWaiting called when a new version waits for the shopper's "Reload"
 * @returns `reload`: lets the waiting version take over, then reloads once it controls the page
 */
export function watchForUpdates(onUpdateWaiting: () => void): { reload(): void } {
  let reloadRequested = false;
  let registration: ServiceWorkerRegistration | undefined;
  // A page the service worker did not control when it loaded: its pictures came past it.
  const uncontrolledAtStart = !navigator.serviceWorker.controller;

  // Reload only for this page's own request. (vite-plugin-pwa's register reloads on its own only
  // for a page that was controlled when it registered; this covers a first visit too.)
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadRequested) window.location.reload();
  });

  const activateWaiting = registerSW({
    immediate: true, // the app has started: the page's `load` is long past
    onNeedRefresh: onUpdateWaiting,
    // Another tab's "Reload" let the new version in: this tab keeps running until its own
    // shopper chooses, so it is told again instead of reloaded.
    onNeedReload: () => {
      if (!reloadRequested) onUpdateWaiting();
    },
    onRegisteredSW: (_url, registered) => {
      registration = registered;
      // A shop left open in a tab or an installed app goes on for days: look for a new version
      // each time it comes back to the foreground (offline the check simply fails).
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registered?.update().catch(() => undefined);
      });
      if (uncontrolledAtStart) void keepPicturesOfThisPage();
    },
  });

  return {
    reload() {
      reloadRequested = true;
      // Another tab may have let the new version in already: then only this page is old.
      if (registration?.waiting) void activateWaiting();
      else window.location.reload();
    },
  };
}

/**
 * The product pictures this page showed before any service worker could keep them: handed to
 * the worker once it is active, so the page it stores for offline use has them too.
 */
function keepPicturesOfThisPage(): Promise<void> {
  const urls = performance
    .getEntriesByType("resource")
    .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "img")
    .map((entry) => entry.name);
  return keepPictures(urls);
}
