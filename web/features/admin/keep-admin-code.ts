import { useEffect } from "react";

/**
 * Asks the service worker to keep every file of the admin's code on this device (ADR 0070;
 * web/service-worker/sw.ts, `KEEP_ADMIN_CODE`) and waits for its answer: true once all of them
 * are kept, false when they could not be fetched (offline) or there is no service worker.
 */
export async function keepAdminCode(): Promise<boolean> {
  // `vite dev` registers no service worker: `ready` would never settle.
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return false;
  const { active } = await navigator.serviceWorker.ready;
  if (!active) return false;
  const channel = new MessageChannel();
  const answer = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data?.kept === true);
  });
  active.postMessage({ type: "KEEP_ADMIN_CODE" }, [channel.port2]);
  return answer.finally(() => channel.port1.close());
}

/**
 * Keeps the admin's code as the dashboard opens: at sign-in and at each start of a signed-in
 * administrator's app, so the installed app opens /admin offline from then on. Asked again when
 * the network comes back if it could not be fetched.
 */
export function useKeptAdminCode(): void {
  useEffect(() => {
    let stopped = false;
    const keep = async () => {
      if (!(await keepAdminCode()) && !stopped) window.addEventListener("online", keep, { once: true });
    };
    void keep();
    return () => {
      stopped = true;
      window.removeEventListener("online", keep);
    };
  }, []);
}
