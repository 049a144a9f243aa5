import { registerSW } from "virtual:pwa-register";

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

  const activateWaiting = registerSW({
    immediate: true, // the app has started: the page's `load` is long past
    onNeedRefresh: onUpdateWaiting,
    // The new version controls the page. When another tab's "Reload" did that, this tab keeps
    // running until its own shopper chooses, so it is told again instead of reloaded.
    onNeedReload: () => {
      if (reloadRequested) window.location.reload();
      else onUpdateWaiting();
    },
    onRegisteredSW: (_url, registered) => {
      registration = registered;
      // A shop left open in a tab or an installed app goes on for days: look for a new version
      // each time it comes back to the foreground (offline the check simply fails).
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registered?.update().catch(() => undefined);
      });
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
