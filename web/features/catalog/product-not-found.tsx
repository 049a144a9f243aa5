import { Link } from "@tanstack/react-router";
import { LeafIcon } from "../../components/icons.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

/** `/products/{id}` for a product that does not exist (SPEC §2), with a link back. */
export function ProductNotFound() {
  useDocumentTitle("Product not found");
  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-terracotta-50 text-terracotta-600">
          <LeafIcon className="size-7" />
        </span>
        <h1 className="mt-6 text-3xl font-semibold text-sage-900 sm:text-4xl">Product not found</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          We could not find this product. It may have been removed, or the link may be mistyped. Our other natural
          remedies are waiting for you.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/products" className="btn btn-primary">
            Back to products
          </Link>
          <Link to="/" className="btn btn-outline">
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}
