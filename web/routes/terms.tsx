import { createFileRoute } from "@tanstack/react-router";
import { LegalScreen } from "../features/legal/legal-screen.tsx";
import { termsText } from "../features/legal/terms-text.ts";

export const Route = createFileRoute("/terms")({
  component: () => <LegalScreen text={termsText} other={{ to: "/privacy", label: "privacy policy" }} />,
});
