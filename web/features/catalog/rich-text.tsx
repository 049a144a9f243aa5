import DOMPurify from "dompurify";
import { useMemo } from "react";

/**
 * A product's long description: HTML written in the admin editor, sanitized here again before
 * it is rendered (DESIGN.md §6), whatever the server stored.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
        FORBID_ATTR: ["style"],
      }),
    [html],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
