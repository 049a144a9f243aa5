import { Link } from "@tanstack/react-router";
import { LeafIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";

/** `/products/{id}` for a product that does not exist (SPEC §2), with a link back. */
export function ProductNotFound() {
  return (
    <MessageScreen
      title="Product not found"
      icon={
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-terracotta-50 text-terracotta-600">
          <LeafIcon className="size-7" />
        </span>
      }
      actions={
        <>
          <Link to="/products" className="btn btn-primary">
            Back to products
          </Link>
          <Link to="/" className="btn btn-outline">
            Back to home
          </Link>
        </>
      }
    >
      We could not find this product. It may have been removed, or the link may be mistyped. Our other natural remedies
      are waiting for you.
    </MessageScreen>
  );
}
