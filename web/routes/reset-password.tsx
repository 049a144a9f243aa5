import { createFileRoute } from "@tanstack/react-router";
import { GuestOnly } from "../components/guest-only.tsx";
import { ResetPasswordScreen } from "../features/account/reset-password-screen.tsx";

export const Route = createFileRoute("/reset-password")({
  component: () => (
    <GuestOnly>
      <ResetPasswordScreen />
    </GuestOnly>
  ),
});
