import { useEffect, useState, useSyncExternalStore } from "react";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { startCatalogue, useCatalogue } from "./use-catalogue.ts";

function subscribeToNetwork(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it has a network; online on the server and while hydrating. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
}

/** A minute's tick while shown, so "updated 5 minutes ago" stays true. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

// Made when first needed, not when the app starts: building an Intl formatter loads its locale
// data, ~20 ms of the app's start on a phone, and most visits never show the indicator.
let relative: Intl.RelativeTimeFormat | undefined;
const relativeTime = () => (relative ??= new Intl.RelativeTimeFormat(getLocale(), { numeric: "auto" }));

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; in Turkish "5 dakika önce", "dün". */
export function describeAge(checkedAt: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - checkedAt) / 60_000));
  if (minutes < 1) return m.offline_just_now();
  if (minutes < 60) return relativeTime().format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relativeTime().format(-hours, "hour");
  return relativeTime().format(-Math.round(hours / 24), "day");
}

/**
 * A quiet line under the header while the shop cannot be reached (issue 14): the catalogue shown
 * is the device's copy, and how fresh it is. A polite live region: read out when it appears,
 * never in the way. Nothing while online.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const checkedAt = useCatalogue((state) => state.checkedAt);
  const unreachable = useCatalogue((state) => state.unreachable);
  const shown = !online || unreachable;
  const now = useNow(shown);
  // How fresh the device's copy is, read from it at once rather than when the page gets to it.
  useEffect(() => {
    if (shown) startCatalogue();
  }, [shown]);
  return (
    <div role="status" className="empty:hidden bg-sand/60 text-sage-900">
      {shown ? (
        <p className="container-page py-2 text-center text-sm">
          <span className="font-semibold">{online ? m.offline_shop_unreachable() : m.offline_you_are_offline()}</span>{" "}
          {checkedAt === undefined ? null : m.offline_showing_saved_catalogue({ age: describeAge(checkedAt, now) })}
        </p>
      ) : null}
    </div>
  );
}
