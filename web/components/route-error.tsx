import type { ErrorComponentProps } from "@tanstack/react-router";
import { useDocumentTitle } from "../lib/document-title.ts";

/** Last-resort screen when a route throws while rendering or loading. */
export function RouteError({ reset }: ErrorComponentProps) {
  useDocumentTitle("Something went wrong");
  return (
    <section className="container-page py-16 sm:py-24">
      <div role="alert" className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-semibold text-sage-900">Something went wrong</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          This page could not be shown. Please try again; if it keeps happening, come back a little later.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={reset}>
            Try again
          </button>
          <a href="/" className="btn btn-outline">
            Back to home
          </a>
        </div>
      </div>
    </section>
  );
}
