import type { ErrorComponentProps } from "@tanstack/react-router";
import { useDocumentTitle } from "../lib/document-title.ts";

/**
 * A page's code that could not be fetched: offline before this device kept it, or removed by a
 * deploy since this page loaded. Browsers word it differently; these are Chromium's, Firefox's
 * and Safari's.
 */
const codeMissing =
  /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload/i;

/** Last-resort screen when a route throws while rendering or loading, in the site's layout. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const offline = typeof navigator !== "undefined" && !navigator.onLine;
  const missingCode = offline || codeMissing.test(error instanceof Error ? error.message : String(error));
  const title = missingCode ? "This page could not be loaded" : "Something went wrong";
  useDocumentTitle(title);
  return (
    <section className="container-page py-16 sm:py-24">
      <div role="alert" className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-semibold text-sage-900">{title}</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          {missingCode
            ? "Its code is not on this device yet, and the server could not be reached. Reload when you are back online."
            : "This page could not be shown. Please try again; if it keeps happening, come back a little later."}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {missingCode ? (
            <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
              Reload
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={reset}>
              Try again
            </button>
          )}
          <a href="/" className="btn btn-outline">
            Back to home
          </a>
        </div>
      </div>
    </section>
  );
}
