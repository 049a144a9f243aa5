import { createFileRoute } from "@tanstack/react-router";
import { VerifySuccessScreen } from "../features/account/verify-success-screen.tsx";

export const Route = createFileRoute("/verify-success")({
  component: VerifySuccessScreen,
});
