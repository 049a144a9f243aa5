import { createFileRoute } from "@tanstack/react-router";
import { LegalScreen } from "../features/legal/legal-screen.tsx";
import { privacyText } from "../features/legal/privacy-text.ts";

export const Route = createFileRoute("/privacy")({
  component: () => <LegalScreen text={privacyText} other={{ to: "/terms", label: "terms of service" }} />,
});
