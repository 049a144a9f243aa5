import type { ReactNode } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { m } from "../../paraglide/messages.js";
import { ContactLinks } from "./contact-links.tsx";
import { LanguageSuggestion } from "./language-suggestion.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * The frame of every screen: skip link, header (its Products menu lists `categories`), a
 * `notice` line under it (the offline indicator), main landmark, footer, contact column.
 */
export function AppLayout({
  categories,
  notice,
  children,
}: {
  categories: readonly Category[];
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only-focusable fixed top-3 left-3 z-50 rounded-full bg-sage-900 px-4 py-2 font-medium text-white shadow-lift"
      >
        {m.skip_to_main_content()}
      </a>
      <SiteHeader categories={categories} />
      {notice}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
      <ContactLinks />
      <LanguageSuggestion />
    </div>
  );
}
