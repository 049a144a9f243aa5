import { createFileRoute } from "@tanstack/react-router";
import { guestOnly } from "../components/route-guards.tsx";
import { ResetPasswordScreen } from "../features/account/reset-password-screen.tsx";

export const Route = createFileRoute("/reset-password")({
  ...guestOnly(),
  component: ResetPasswordScreen,
});
