import { Link } from "@tanstack/react-router";
import { type ComponentType, type ReactNode, useEffect, useRef } from "react";
import { useDocumentTitle } from "../lib/document-title.ts";

const iconTones = {
  /** Something is missing or went wrong. */
  warm: "bg-terracotta-50 text-terracotta-600",
  /** Something is on its way, or done. */
  calm: "bg-sage-100 text-sage-700",
};

/** The title as plain text names the tab too; a title with markup needs its tab name apart. */
type Titles = { title: string; documentTitle?: string } | { title: ReactNode; documentTitle: string };

/**
 * A centred message with an icon and ways onward: not-found screens, "coming soon", the e-mail
 * link screens, Access Denied. One layout, so every such screen looks and reads alike.
 */
export function MessageScreen({
  title,
  documentTitle,
  icon: Icon,
  tone,
  eyebrow,
  children,
  details,
  links = [],
  actions,
  bare = false,
  lang,
  focusTitle = false,
}: Titles & {
  icon: ComponentType<{ className?: string }>;
  tone: keyof typeof iconTones;
  eyebrow?: string;
  /** The message: one paragraph. */
  children: ReactNode;
  /** What follows the message: a second paragraph, a form. Aligns itself (the card is centred). */
  details?: ReactNode;
  /** Ways onward: the first is the main one. */
  links?: { to: "/" | "/products" | "/signin"; label: string }[];
  /** Buttons beside the links, after them. */
  actions?: ReactNode;
  /** No card around the message: it stands on the page itself (the not-found screens). */
  bare?: boolean;
  lang?: string;
  /**
   * Moves the focus to the title when the screen appears: for a screen that takes the place of
   * a form the focus was in (the sign-up wizard's welcome), so a screen reader starts here.
   */
  focusTitle?: boolean;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === "string" ? title : undefined));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <section lang={lang} className="container-page py-16 sm:py-24">
      <div
        className={
          bare
            ? "mx-auto max-w-xl text-center"
            : "mx-auto max-w-xl rounded-3xl border border-sand bg-white/80 px-6 py-12 text-center shadow-soft sm:px-12"
        }
      >
        <span className={`mx-auto grid size-14 place-items-center rounded-full ${iconTones[tone]}`}>
          <Icon className="size-7" />
        </span>
        {eyebrow ? <p className="eyebrow mt-6">{eyebrow}</p> : null}
        <h1
          ref={heading}
          tabIndex={focusTitle ? -1 : undefined}
          className={`${eyebrow ? "mt-2" : "mt-6"} text-3xl font-semibold text-sage-900 outline-none sm:text-4xl`}
        >
          {title}
        </h1>
        <p className="mx-auto mt-4 max-w-md text-muted">{children}</p>
        {details}
        {links.length > 0 || actions ? (
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {links.map(({ to, label }, i) => (
              <Link key={to} to={to} className={i === 0 ? "btn btn-primary" : "btn btn-outline"}>
                {label}
              </Link>
            ))}
            {actions}
          </div>
        ) : null}
      </div>
    </section>
  );
}
