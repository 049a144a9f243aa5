import { useLocation } from "@tanstack/react-router";
import { type Locale, localeCookie, localizedPath } from "../../../worker/contract/locales.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";

/** Remembers the choice on this device (a first-party cookie, one year, SameSite=Lax). */
function rememberLocale(locale: Locale) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a one-line cookie; the Cookie Store API is not in every browser
  document.cookie = `${localeCookie.name}=${locale}; Max-Age=${localeCookie.maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The same page, with the same query, in the other language (ADR 0079): a link, since each
 * language is its own build, so switching loads the other language's page. Its text is that
 * language's own name, marked as that language for screen readers.
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
  const href = useLocation({ select: (location) => location.href });
  return (
    <a
      href={localizedPath(href as `/${string}`, other)}
      hrefLang={other}
      lang={other}
      className={className}
      onClick={() => {
        rememberLocale(other);
        onNavigate?.();
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
