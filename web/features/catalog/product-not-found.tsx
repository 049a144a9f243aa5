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
