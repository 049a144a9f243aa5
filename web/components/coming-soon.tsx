import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../lib/document-title.ts";
import { SproutIcon } from "./icons.tsx";

/** Placeholder for a screen whose work has not landed yet: "Sign In — coming soon". */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-3xl border border-sand bg-white/70 px-6 py-12 text-center shadow-soft sm:px-12">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sage-100 text-sage-700">
          <SproutIcon className="size-7" />
        </span>
        <h1 className="mt-6 text-3xl font-semibold text-sage-900 sm:text-4xl">{title} — coming soon</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          We are still preparing this page. In the meantime, take a look at our products or come back a little later.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/products" className="btn btn-primary">
            Browse products
          </Link>
          <Link to="/" className="btn btn-outline">
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}
