import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { m } from "../../paraglide/messages.js";
import type { LegalText } from "./legal-text.ts";

/**
 * A legal page (the privacy policy, the terms): its text from one file per page, plain headed
 * sections, and the way to the other legal page.
 */
export function LegalScreen({ text, other }: { text: LegalText; other: { to: "/privacy" | "/terms"; label: string } }) {
  useDocumentTitle(text.title);
  return (
    <article className="container-page max-w-3xl pt-12 pb-16 sm:pt-16 sm:pb-24">
      <header>
        <p className="eyebrow" lang="tr">
          {siteConfig.name}
        </p>
        <h1 className="mt-4 text-4xl font-semibold text-sage-900 sm:text-5xl">{text.title}</h1>
        <p className="mt-5 text-lg leading-relaxed text-muted">{text.lead}</p>
        <p className="mt-3 text-sm text-muted">{m.legal_last_updated({ date: text.updated })}</p>
      </header>
      <div className="mt-10 space-y-9 text-[1.0625rem] leading-relaxed text-ink">
        {text.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-2xl font-semibold text-sage-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3">
                {paragraph}
              </p>
            ))}
            {section.items ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 marker:text-sage-600">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
      <p className="mt-12 border-t border-sand pt-6 text-sm text-muted">
        {m.legal_see_also_before()}
        <Link to={other.to} className="font-semibold text-sage-800 underline underline-offset-4">
          {other.label}
        </Link>
        {m.legal_see_also_after()}
      </p>
    </article>
  );
}
