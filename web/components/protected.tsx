import { Navigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useSessionStatus } from "../lib/session.ts";
import { SessionLoading } from "./session-loading.tsx";

/**
 * docs/product.md §2's protected wrapper: "Loading…" while the session is being confirmed; with no user,
 * to /signin (replacing this entry); otherwise the screen. Signing out anywhere, in any tab,
 * sends the screen there too.
 */
export function Protected({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  if (status === "loading") return <SessionLoading />;
  if (status === "signed-out") return <Navigate to="/signin" replace />;
  return children;
}
