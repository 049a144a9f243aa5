import { LeafIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { m } from "../../paraglide/messages.js";

/** Why `/products/{id}` shows no product, and what it says then. */
const reasons = () =>
  ({
    /** The product does not exist (docs/product.md §2). */
    missing: {
      title: m.product_not_found_title(),
      tone: "warm",
      back: m.back_to_products(),
      message: m.product_not_found_text(),
    },
    /** Opened without a network and not stored on the device: it may well exist, so not "not found" (issue 14). */
    offline: {
      title: m.product_offline_title(),
      tone: "calm",
      back: m.product_offline_back(),
      message: m.product_offline_text(),
    },
  }) as const;

/** `/products/{id}` without a product to show, with the ways back. */
export function ProductNotShown({ reason }: { reason: keyof ReturnType<typeof reasons> }) {
  const { title, tone, back, message } = reasons()[reason];
  return (
    <MessageScreen
      title={title}
      bare
      icon={LeafIcon}
      tone={tone}
      links={[
        { to: "/products", label: back },
        { to: "/", label: m.back_to_home() },
      ]}
    >
      {message}
    </MessageScreen>
  );
}
