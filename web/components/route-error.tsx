import type { ErrorComponentProps } from "@tanstack/react-router";
import { useDocumentTitle } from "../lib/document-title.ts";
import { m } from "../paraglide/messages.js";

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
  const title = missingCode ? m.route_error_code_missing_title() : m.route_error_title();
  useDocumentTitle(title);
  return (
    <section className="container-page py-16 sm:py-24">
      <div role="alert" className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-semibold text-sage-900">{title}</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          {missingCode ? m.route_error_code_missing_text() : m.route_error_text()}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {missingCode ? (
            <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
              {m.route_error_reload()}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={reset}>
              {m.route_error_try_again()}
            </button>
          )}
          <a href="/" className="btn btn-outline">
            {m.back_to_home()}
          </a>
        </div>
      </div>
    </section>
  );
}
