import { useLocation } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { localizedPath } from "../../../worker/contract/locales.ts";
import { chooseLocale, readLocaleChoice } from "../../lib/locale-choice.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { CloseIcon } from "../icons.tsx";

const dismissedKey = "language-suggestion-dismissed";

/** A visitor who has chosen no language, whose browser puts Turkish first, on an English page. */
function prefersTurkishHere(): boolean {
  // The browser's languages first: reading the cookie stops the page for a round trip to the
  // browser's cookie store, which most visitors' pages never need.
  if (getLocale() !== "en" || !navigator.languages?.[0]?.toLowerCase().startsWith("tr")) return false;
  if (readLocaleChoice()) return false;
  try {
    return !localStorage.getItem(dismissedKey);
  } catch {
    return true; // Storage refused: offer it; dismissing then lasts for this page.
  }
}

/**
 * A small bar, in Turkish, offering this page in Turkish to a visitor whose browser prefers it
 * and who has not chosen a language (issue 40): nothing redirects without a choice. Shown only
 * once the app runs (the server cannot know the browser's languages), fixed at the bottom so it
 * moves nothing, and gone for good once dismissed.
 */
export function LanguageSuggestion() {
  const [shown, setShown] = useState(false);
  const href = localizedPath(useLocation({ select: (location) => location.href }) as `/${string}`, "tr");
  useEffect(() => setShown(prefersTurkishHere()), []);
  if (!shown) return null;

  const dismiss = () => {
    setShown(false);
    try {
      localStorage.setItem(dismissedKey, "1");
    } catch {
      // Storage refused: dismissed for this page only.
    }
  };
  return (
    <aside
      lang="tr"
      aria-label={m.language_suggestion_label()}
      className="fixed bottom-3 left-3 right-20 z-40 flex items-center gap-3 rounded-2xl border border-sand bg-cream px-4 py-3 text-sm text-ink shadow-lift sm:right-auto sm:bottom-5 sm:left-5 sm:max-w-sm"
    >
      <p className="flex-1">
        {m.language_suggestion_text()}{" "}
        <a
          href={href}
          hrefLang="tr"
          className="font-semibold text-sage-800 underline underline-offset-2"
          onClick={(event) => {
            event.preventDefault();
            void chooseLocale("tr").then(() => window.location.assign(href));
          }}
        >
          {m.language_suggestion_open()}
        </a>
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={m.language_suggestion_dismiss()}
        className="grid size-9 shrink-0 place-items-center rounded-full text-sage-900 hover:bg-sage-100"
      >
        <CloseIcon className="size-5" />
      </button>
    </aside>
  );
}
