import { Link } from "@tanstack/react-router";
import type { ComponentType, ReactNode } from "react";
import { useDocumentTitle } from "../lib/document-title.ts";

const iconTones = {
  /** Something is missing or went wrong. */
  warm: "bg-terracotta-50 text-terracotta-600",
  /** Something is on its way. */
  calm: "bg-sage-100 text-sage-700",
};

/**
 * A centred message with an icon and ways onward: not-found screens, "coming soon". One layout,
 * so every such screen looks and reads alike.
 */
export function MessageScreen({
  title,
  documentTitle = title,
  icon: Icon,
  tone,
  eyebrow,
  children,
  links,
  boxed = false,
}: {
  title: string;
  documentTitle?: string;
  icon: ComponentType<{ className?: string }>;
  tone: keyof typeof iconTones;
  eyebrow?: string;
  children: ReactNode;
  /** Ways onward: the first is the main one. */
  links: { to: "/" | "/products"; label: string }[];
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
        <span className={`mx-auto grid size-14 place-items-center rounded-full ${iconTones[tone]}`}>
          <Icon className="size-7" />
        </span>
        {eyebrow ? <p className="eyebrow mt-6">{eyebrow}</p> : null}
        <h1 className={`${eyebrow ? "mt-2" : "mt-6"} text-3xl font-semibold text-sage-900 sm:text-4xl`}>{title}</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">{children}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {links.map(({ to, label }, i) => (
            <Link key={to} to={to} className={i === 0 ? "btn btn-primary" : "btn btn-outline"}>
              {label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
