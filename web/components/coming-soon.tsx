import { SproutIcon } from "./icons.tsx";
import { MessageScreen } from "./message-screen.tsx";

/** Placeholder for a screen whose work has not landed yet: "Sign In — coming soon". */
export function ComingSoon({ title }: { title: string }) {
  return (
    <MessageScreen
      title={`${title} — coming soon`}
      documentTitle={title}
      icon={SproutIcon}
      tone="calm"
      links={[
        { to: "/products", label: "Browse products" },
        { to: "/", label: "Back to home" },
      ]}
    >
      We are still preparing this page. In the meantime, take a look at our products or come back a little later.
    </MessageScreen>
  );
}
