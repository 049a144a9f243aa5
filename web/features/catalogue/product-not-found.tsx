import { LeafIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";

/** Why `/products/{id}` shows no product, and what it says then. */
const reasons = {
  /** The product does not exist (docs/product.md §2). */
  missing: {
    title: "Product not found",
    tone: "warm",
    back: "Back to products",
    message:
      "We could not find this product. It may have been removed, or the link may be mistyped. Our other natural remedies are waiting for you.",
  },
  /** Opened without a network and not stored on the device: it may well exist, so not "not found" (issue 14). */
  offline: {
    title: "Not available offline",
    tone: "calm",
    back: "Browse saved products",
    message:
      "This product has not been saved on this device yet. Connect to the internet to see it; the products saved here are still available to browse.",
  },
} as const;

/** `/products/{id}` without a product to show, with the ways back. */
export function ProductNotShown({ reason }: { reason: keyof typeof reasons }) {
  const { title, tone, back, message } = reasons[reason];
  return (
    <MessageScreen
      title={title}
      bare
      icon={LeafIcon}
      tone={tone}
      links={[
        { to: "/products", label: back },
        { to: "/", label: "Back to home" },
      ]}
    >
      {message}
    </MessageScreen>
  );
}
