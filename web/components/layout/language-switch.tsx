import { useLocation } from "@tanstack/react-router";
import { type Locale, localizedPath } from "../../../worker/contract/locales.ts";
import { chooseLocale } from "../../lib/locale-choice.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";

/**
 * The same page, with the same query, in the other language (ADR 0079, 0086): a link, since
 * each language is its own build, so switching loads the other language's page. Its text is that
 * language's own name, marked as that language for screen readers. Following it remembers the
 * choice (web/lib/locale-choice.ts) before the page is asked for, so no redirect sends it back.
 */
export function LanguageSwitch({
  className,
  compact = false,
  onNavigate,
}: {
  className: string;
  /** The language's code ("TR") where the header is narrow, its name from the `lg` width on. */
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const other: Locale = getLocale() === "tr" ? "en" : "tr";
  // The router's address has no /tr (web/router.tsx): the other language's is made from it.
  const href = localizedPath(useLocation({ select: (location) => location.href }) as `/${string}`, other);
  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      className={className}
      onClick={(event) => {
        // The cookie is written at once; a new tab or window opens as the browser does it.
        const chosen = chooseLocale(other);
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onNavigate?.();
        void chosen.then(() => window.location.assign(href));
      }}
    >
      {compact ? (
        <>
          <span className="lg:hidden">{m.language_switch_code()}</span>
          {/* Read out beside the code too, so the name a screen reader gives contains what is seen. */}
          <span className="sr-only lg:not-sr-only">{m.language_switch_label()}</span>
        </>
      ) : (
        m.language_switch_label()
      )}
    </a>
  );
}
