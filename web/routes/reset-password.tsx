import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../components/coming-soon.tsx";

export const Route = createFileRoute("/reset-password")({
  component: () => <ComingSoon title="Reset Password" />,
});
