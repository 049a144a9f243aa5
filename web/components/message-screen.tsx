import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/document-title.ts";

/**
 * A centred message with an icon and ways onward: not-found screens, "coming soon". One layout,
 * so every such screen looks and reads alike.
 */
export function MessageScreen({
  title,
  documentTitle = title,
  icon,
  eyebrow,
  children,
  actions,
  boxed = false,
}: {
  title: string;
  documentTitle?: string;
  icon: ReactNode;
  eyebrow?: string;
  children: ReactNode;
  actions: ReactNode;
  boxed?: boolean;
}) {
  useDocumentTitle(documentTitle);
  return (
    <section className="container-page py-16 sm:py-24">
      <div
        className={
          boxed
            ? "mx-auto max-w-xl rounded-3xl border border-sand bg-white/70 px-6 py-12 text-center shadow-soft sm:px-12"
            : "mx-auto max-w-xl text-center"
        }
      >
        {icon}
        {eyebrow ? <p className="eyebrow mt-6">{eyebrow}</p> : null}
        <h1 className={`${eyebrow ? "mt-2" : "mt-6"} text-3xl font-semibold text-sage-900 sm:text-4xl`}>{title}</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">{children}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  );
}
