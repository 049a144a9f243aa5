import { m } from "../paraglide/messages.js";
import { LeafIcon } from "./icons.tsx";
import { MessageScreen } from "./message-screen.tsx";

/** Shown for any address the app does not know. */
export function NotFound() {
  return (
    <MessageScreen
      title={m.not_found_title()}
      bare
      eyebrow={m.not_found_eyebrow()}
      icon={LeafIcon}
      tone="warm"
      links={[
        { to: "/", label: m.back_to_home() },
        { to: "/products", label: m.browse_products() },
      ]}
    >
      {m.not_found_text()}
    </MessageScreen>
  );
}
