import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailScreen } from "../features/account/confirm-email-screen.tsx";

/** A verification link followed in another browser than the one that signed up (ADR 0034). */
export const Route = createFileRoute("/confirm-email")({
  component: ConfirmEmailScreen,
});
