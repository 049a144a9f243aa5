import { createFileRoute } from "@tanstack/react-router";
import { LegalScreen } from "../features/legal/legal-screen.tsx";
import { privacyText } from "../features/legal/privacy-text.ts";
import { m } from "../paraglide/messages.js";

export const Route = createFileRoute("/privacy")({
  component: () => <LegalScreen text={privacyText()} other={{ to: "/terms", label: m.legal_terms_link() }} />,
});
