import { hc } from "hono/client";
import { useSyncExternalStore } from "react";
import type { AppType } from "../../worker/app.ts";
import type { Session } from "../../worker/contract/auth.ts";
import { fetchInPageLanguage } from "./api-client.ts";
import { markSession, tokenStorageKey } from "./session-hint.ts";
import {
  type AuthEvent,
  adminFlagStorageKey,
  postLoginRedirectStorageKey,
  SessionManager,
  type SessionState,
  type StorageLike,
  sessionStorageKey,
  type TabChannel,
} from "./session-manager.ts";

/*
 * The session manager of this page (session-manager.ts) over the browser's own pieces:
 * localStorage, BroadcastChannel (the storage event where there is none), Web Locks and the
 * page's visibility. Created on first use, in the browser only.
 */

let manager: SessionManager | undefined;

export function getSessionManager(): SessionManager {
  if (!manager) {
    manager = new SessionManager({
      storage: browserStorage(),
      // Late-bound: the page's fetch at call time, saying the page's language.
      fetch: (input, init) => fetchInPageLanguage(input, init),
      tabs: tabChannel(),
      lock: (task) => (navigator.locks ? navigator.locks.request("dogal-yasam:session", task) : inThisTabOnly(task)),
      visibility: {
        visible: () => document.visibilityState === "visible",
        onChange(listener) {
          document.addEventListener("visibilitychange", listener);
          return () => document.removeEventListener("visibilitychange", listener);
        },
      },
    });
    const current = manager;
    current.subscribe(() => markSession(current.getState().session !== null));
    markSession(current.getState().session !== null);
    current.start();
    markSession(current.getState().session !== null);
  }
  return manager;
}

/**
 * The session as the screens see it: undefined while it cannot be known (the server's render
 * and the hydration that adopts it), then the manager's state.
 */
export function useSessionState(): SessionState | undefined {
  return useSession(whole);
}
const whole = (state: SessionState | undefined) => state;

/**
 * The part of the session a component shows (a primitive, or an object of the state), drawn
 * again only when that part changes. As `useSessionState`, the server's render and hydration see
 * `select(undefined)`; so a part the session leaves as it was, a visitor's header for one, is not
 * drawn a second time just after the page has been adopted.
 */
export function useSession<T>(select: (state: SessionState | undefined) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(readState()),
    () => select(readNothing()),
  );
}

/** Someone is signed in on this device (a stored session still being confirmed counts). */
export const signedIn = (state: SessionState | undefined) => state?.session != null;

export type SessionStatus = SessionState["status"];

/**
 * The session once it is known: at once when it is, after the stored session's confirmation
 * otherwise (docs/product.md §4). What the route guards decide on (web/components/route-guards.tsx).
 */
export function settledSession(): SessionState | Promise<SessionState> {
  const manager = getSessionManager();
  const state = manager.getState();
  if (state.status !== "loading") return state;
  return new Promise((resolve) => {
    const stop = manager.subscribe(() => {
      const next = manager.getState();
      if (next.status === "loading") return;
      stop();
      resolve(next);
    });
  });
}

const subscribe = (onChange: () => void) => getSessionManager().subscribe(onChange);
const readState = () => getSessionManager().getState();
const readNothing = () => undefined;

/** docs/product.md §4's events: `onAuthStateChange((event, session) => …)`; returns the unsubscribe. */
export function onAuthStateChange(listener: (event: AuthEvent, session: Session | null) => void): () => void {
  return getSessionManager().onAuthStateChange(listener);
}

/**
 * The typed API client with the member's bearer token, refreshed first when it is about to
 * run out (`memberApi.user.profile.$get()`).
 */
export const memberApi = hc<AppType>("/api", {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => getSessionManager().fetch(input, init),
});

/** docs/product.md §3: after the administrator signs in, the flags that send them to the admin panel. */
export function rememberAdminSignIn(): void {
  try {
    localStorage.setItem(adminFlagStorageKey, "1");
    localStorage.setItem(postLoginRedirectStorageKey, "/admin");
  } catch {
    // storage disabled: the navigation alone takes them there
  }
}

function browserStorage(): StorageLike {
  try {
    const probe = "dogal-yasam:probe";
    localStorage.setItem(probe, probe);
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    // Storage disabled (some private modes): the session lives as long as the tab.
    const items = new Map<string, string>();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    };
  }
}

function tabChannel(): TabChannel {
  if (typeof BroadcastChannel === "function") {
    const channel = new BroadcastChannel("dogal-yasam:session");
    return {
      post: (message) => channel.postMessage(message),
      listen(onMessage) {
        const listener = (event: MessageEvent) => onMessage(event.data ?? {});
        channel.addEventListener("message", listener);
        return () => channel.removeEventListener("message", listener);
      },
    };
  }
  // The storage event fires in the other tabs whenever one writes: it carries no event name.
  return {
    post: () => {},
    listen(onMessage) {
      const listener = (event: StorageEvent) => {
        if (event.key === sessionStorageKey || event.key === tokenStorageKey || event.key === null) onMessage({});
      };
      window.addEventListener("storage", listener);
      return () => window.removeEventListener("storage", listener);
    },
  };
}

/** Without Web Locks (older browsers) refreshes are at least one at a time within the tab. */
let queue: Promise<unknown> = Promise.resolve();
function inThisTabOnly<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}
