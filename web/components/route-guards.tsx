import { type AnyRoute, type AnyRouter, type ParsedLocation, redirect } from "@tanstack/react-router";
import type { Session } from "../../worker/contract/auth.ts";
import { getSessionManager, type SessionStatus, settledSession } from "../lib/session.ts";
import { SessionLoading } from "./session-loading.tsx";

/*
 * docs/product.md §2's guest-only and signed-in-only pages, as route options (ADR 0077): the page
 * decides in `beforeLoad`, before its loader or its code loads, so a visitor sent away never
 * fetches what the page would have shown. While a stored session is being confirmed the route is
 * pending, and its pending screen is the same "Loading…" the render-time wrappers showed, at once
 * and for no longer than the confirmation.
 */

type Destination = "/" | "/admin";
type GuardArguments = { location: ParsedLocation };

/**
 * What the two guards share: the "Loading…" while they wait (its delay set by
 * `followSessionChanges`), and the mark that function looks for.
 */
const waitingOnSession = {
  pendingComponent: SessionLoading,
  pendingMinMs: 0,
  staticData: { guarded: true },
} as const;

/**
 * Guest-only: a signed-in user goes to / (replacing this entry in the history, with the address
 * they came for kept in the history state's `from`); everyone else gets the page.
 *
 * @param destination where a signed-in user goes instead of /: the sign-in screen sends the
 *   administrator to /admin (docs/product.md §2).
 */
export function guestOnly(destination: (session: Session) => Destination = () => "/") {
  return {
    ...waitingOnSession,
    async beforeLoad({ location }: GuardArguments) {
      // The server renders no guarded page (worker/routes/pages/), and the session lives in
      // the browser's storage: there is nothing to decide there.
      if (import.meta.env.SSR) return;
      const state = await settledSession();
      if (state.status !== "signed-in") return;
      throw redirect({
        to: destination(state.session),
        replace: true,
        state: (previous) => ({ ...previous, from: location.href }),
      });
    },
  };
}

/** Signed-in only: with no user, to /signin (replacing this entry in the history). */
export const signedInOnly = {
  ...waitingOnSession,
  async beforeLoad() {
    if (import.meta.env.SSR) return;
    const state = await settledSession();
    if (state.status === "signed-out") throw redirect({ to: "/signin", replace: true });
  },
};

/**
 * Keeps the guarded pages in step with the session, from the app's start (before the first load).
 *
 * While a stored session is being confirmed (on a page load only) a guarded page shows
 * "Loading…" at once, as the render-time wrappers did; once the session is known, an in-app
 * navigation keeps the page it leaves until the next is ready (the router's `defaultPendingMs`),
 * as before, rather than flash "Loading…" while a chunk or the survey loads.
 *
 * Signing in or out, here or in another tab, changes what a guarded page decides: its guard runs
 * again (the router's `invalidate`, for the guarded matches only, so no other page reloads its
 * data), and sends the visitor on when the answer changed. Returns the unsubscribe.
 */
export function followSessionChanges(router: AnyRouter): () => void {
  const manager = getSessionManager();
  const guarded: AnyRoute[] = Object.values(router.routesById).filter((route) => route.options.staticData?.guarded);
  let status: SessionStatus = manager.getState().status;
  const setPendingDelay = () => {
    for (const route of guarded) route.options.pendingMs = status === "loading" ? 0 : undefined;
  };
  setPendingDelay();
  return manager.subscribe(() => {
    const previous = status;
    status = manager.getState().status;
    setPendingDelay();
    // From "loading" the guard waiting on the confirmation decides by itself.
    if (status === previous || previous === "loading" || status === "loading") return;
    void router.invalidate({ filter: (match) => match.staticData.guarded === true });
  });
}
