import { createFileRoute } from "@tanstack/react-router";
import { Protected } from "../components/protected.tsx";
import { ProfileScreen } from "../features/account/profile-screen.tsx";

export const Route = createFileRoute("/profile")({
  component: () => (
    <Protected>
      <ProfileScreen />
    </Protected>
  ),
});
