import { LeafIcon } from "./icons.tsx";
import { MessageScreen } from "./message-screen.tsx";

/** Shown for any address the app does not know. */
export function NotFound() {
  return (
    <MessageScreen
      title="Page not found"
      bare
      eyebrow="Error 404"
      icon={LeafIcon}
      tone="warm"
      links={[
        { to: "/", label: "Back to home" },
        { to: "/products", label: "Browse products" },
      ]}
    >
      The page you are looking for does not exist or has moved. Let us take you somewhere calmer.
    </MessageScreen>
  );
}
