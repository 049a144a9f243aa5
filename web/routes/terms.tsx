import { createFileRoute } from "@tanstack/react-router";
import { LegalScreen } from "../features/legal/legal-screen.tsx";
import { termsText } from "../features/legal/terms-text.ts";
import { m } from "../paraglide/messages.js";

export const Route = createFileRoute("/terms")({
  component: () => <LegalScreen text={termsText()} other={{ to: "/privacy", label: m.legal_privacy_link() }} />,
});
