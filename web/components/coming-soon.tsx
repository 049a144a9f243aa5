import { m } from "../paraglide/messages.js";
import { SproutIcon } from "./icons.tsx";
import { MessageScreen } from "./message-screen.tsx";

/** Placeholder for a screen whose work has not landed yet: "Sign In — coming soon". */
export function ComingSoon({ title }: { title: string }) {
  return (
    <MessageScreen
      title={m.coming_soon_title({ title })}
      documentTitle={title}
      icon={SproutIcon}
      tone="calm"
      links={[
        { to: "/products", label: m.browse_products() },
        { to: "/", label: m.back_to_home() },
      ]}
    >
      {m.coming_soon_text()}
    </MessageScreen>
  );
}
