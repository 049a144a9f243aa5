import { useEffect, useState } from "react";
import { m } from "../../paraglide/messages.js";

type Update = { reload(): void };

// `vite dev` serves no service worker (ADR 0018), and the server renderer never registers one:
// there the import is left out of the build altogether.
const loadServiceWorkerUpdates =
  import.meta.env.PROD && !import.meta.env.SSR ? () => import("./service-worker-updates.ts") : null;

/**
 * "A new version is available" with a Reload button, shown while a new version of the app waits
 * (docs/architecture.md §7). Quiet: a polite status at the bottom of the screen, never a reload the shopper
 * did not ask for. The service worker is registered from here, after the app has started, and
 * its code (workbox-window) is a chunk of its own, off the first paint's path.
 */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<Update | null>(null);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!loadServiceWorkerUpdates || !("serviceWorker" in navigator)) return;
    let cancelled = false;
    void loadServiceWorkerUpdates().then(({ watchForUpdates }) => {
      if (cancelled) return;
      const updates = watchForUpdates(() => setUpdate(updates));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    // Always in the page, so that screen readers announce the message when it appears in it.
    <div
      role="status"
      className="pointer-events-none fixed bottom-3 left-3 right-16 z-40 pb-[env(safe-area-inset-bottom)] sm:right-auto sm:bottom-5 sm:left-5"
    >
      {update && (
        <div className="pointer-events-auto flex max-w-md flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-sage-900 px-4 py-3 text-white shadow-lift">
          <p className="font-medium">{m.app_update_available()}</p>
          <button
            type="button"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              update.reload();
            }}
            className="rounded-full bg-cream px-4 py-1.5 font-semibold text-sage-900 transition-colors hover:bg-sage-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-70"
          >
            {m.app_update_reload()}
          </button>
        </div>
      )}
    </div>
  );
}
