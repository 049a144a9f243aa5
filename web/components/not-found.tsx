import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../lib/document-title.ts";
import { LeafIcon } from "./icons.tsx";

/** Shown for any address the app does not know. */
export function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-terracotta-50 text-terracotta-600">
          <LeafIcon className="size-7" />
        </span>
        <p className="eyebrow mt-6">Error 404</p>
        <h1 className="mt-2 text-3xl font-semibold text-sage-900 sm:text-4xl">Page not found</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          The page you are looking for does not exist or has moved. Let us take you somewhere calmer.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn btn-primary">
            Back to home
          </Link>
          <Link to="/products" className="btn btn-outline">
            Browse products
          </Link>
        </div>
      </div>
    </section>
  );
}
