import { type ReactNode, useState } from "react";
import { ChevronDownIcon } from "../../components/icons.tsx";
import { m } from "../../paraglide/messages.js";

/**
 * The English texts of a product or a category (ADR 0087), in a group of their own below the
 * Turkish ones, which stay the shop's main texts. Closed unless the row has some English already
 * (or the server refused one of them): most rows have none, and the fields, the English editor
 * above all, are made only when the admin opens it.
 */
export function EnglishTexts({
  id,
  initiallyOpen,
  refused,
  children,
}: {
  id: string;
  /** The row has an English text already. */
  initiallyOpen: boolean;
  /** The server refused one of the English texts: kept open, so its message shows. */
  refused: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const shown = open || refused;
  return (
    <details
      open={shown}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-2xl border border-sand bg-linen/40"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 font-semibold text-sage-900 hover:bg-linen/70 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-terracotta-600 sm:px-5 [&::-webkit-details-marker]:hidden">
        {m.english_texts_group()}
        <ChevronDownIcon
          className={`size-5 shrink-0 text-sage-700 transition-transform duration-200 ${shown ? "rotate-180" : ""}`}
        />
      </summary>
      {shown ? (
        <div className="space-y-5 border-t border-sand px-4 pt-4 pb-5 sm:px-5">
          <p id={`${id}-english-hint`} className="text-sm text-muted">
            {m.english_texts_hint()}
          </p>
          {children}
        </div>
      ) : null}
    </details>
  );
}
