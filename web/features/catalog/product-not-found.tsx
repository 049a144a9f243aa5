import { LeafIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";

/** `/products/{id}` for a product that does not exist (SPEC §2), with a link back. */
export function ProductNotFound() {
  return (
    <MessageScreen
      title="Product not found"
      icon={LeafIcon}
      tone="warm"
      links={[
        { to: "/products", label: "Back to products" },
        { to: "/", label: "Back to home" },
      ]}
    >
      We could not find this product. It may have been removed, or the link may be mistyped. Our other natural remedies
      are waiting for you.
    </MessageScreen>
  );
}

/**
 * `/products/{id}` opened without a network for a product the device has not stored: it may well
 * exist, so this is not "not found" (issue 14).
 */
export function ProductUnavailableOffline() {
  return (
    <MessageScreen
      title="Not available offline"
      icon={LeafIcon}
      tone="calm"
      links={[
        { to: "/products", label: "Browse saved products" },
        { to: "/", label: "Back to home" },
      ]}
    >
      This product has not been saved on this device yet. Connect to the internet to see it; the products saved here are
      still available to browse.
    </MessageScreen>
  );
}
