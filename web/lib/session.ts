import { useSyncExternalStore } from "react";

/** SPEC §3's browser storage key for the access token. */
export const tokenStorageKey = "token";

export type SessionStatus = "loading" | "signed-in" | "signed-out";

/**
 * Whether someone is signed in on this device, kept in step with other tabs through the storage
 * event. A stored access token means signed in; the session manager (sign-in, refresh, the
 * profile check on load) builds on this with the "loading" state while it confirms a token.
 */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribe, readStatus, () => "loading");
}

function readStatus(): SessionStatus {
  try {
    return localStorage.getItem(tokenStorageKey) ? "signed-in" : "signed-out";
  } catch {
    return "signed-out"; // storage disabled: nobody can be signed in
  }
}

function subscribe(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === tokenStorageKey || event.key === null) onChange();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}
