import { Navigate, useLocation } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useSessionStatus } from "../lib/session.ts";

/**
 * SPEC §2's guest-only wrapper: "Loading…" while the session is being confirmed; a signed-in
 * user goes to / (replacing this entry in the history, with the address they came for kept in
 * the history state); everyone else sees the screen.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  // The address asked for, as first rendered: while the redirect runs this screen may render
  // again with "/" already in place.
  const href = useLocation({ select: (location) => location.href });
  const [from] = useState(href);
  if (status === "loading") {
    return (
      <p role="status" className="container-page py-24 text-center text-muted">
        Loading…
      </p>
    );
  }
  if (status === "signed-in") return <Navigate to="/" replace state={(state) => ({ ...state, from })} />;
  return children;
}
