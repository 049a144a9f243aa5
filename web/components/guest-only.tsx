import { Navigate, useLocation } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import type { Session } from "../../worker/contract/auth.ts";
import { useSessionState } from "../lib/session.ts";
import { SessionLoading } from "./session-loading.tsx";

type Destination = "/" | "/admin";

/**
 * docs/product.md §2's guest-only wrapper: "Loading…" while the session is being confirmed; a signed-in
 * user goes to / (replacing this entry in the history, with the address they came for kept in
 * the history state); everyone else sees the screen.
 *
 * @param destination where a signed-in user goes instead of /: the sign-in screen sends the
 *   administrator to /admin (docs/product.md §2). Deciding it here, where the redirect happens, means one
 *   navigation, not two racing each other.
 */
export function GuestOnly({
  children,
  destination = () => "/",
}: {
  children: ReactNode;
  destination?: (session: Session) => Destination;
}) {
  const state = useSessionState();
  // The address asked for, as first rendered: while the redirect runs this screen may render
  // again with "/" already in place.
  const href = useLocation({ select: (location) => location.href });
  const [from] = useState(href);
  if (!state || state.status === "loading") return <SessionLoading />;
  if (state.status === "signed-in") {
    return <Navigate to={destination(state.session)} replace state={(previous) => ({ ...previous, from })} />;
  }
  return children;
}
