import { useMemo } from "react";
import { sanitizeRichText } from "../../../worker/contract/rich-text.ts";

/**
 * A product's long description: HTML written in the admin editor, sanitized here again before
 * it is rendered (docs/architecture.md §6), whatever the server stored. The sanitizer needs no DOM, so the
 * server render and the browser produce the same markup.
 */
export function RichText({ html, className, lang }: { html: string; className?: string; lang?: string | undefined }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized just above
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: clean }} />;
}
