import type { ReactNode } from "react";
import { m } from "../paraglide/messages.js";
import { ExternalIcon } from "./icons.tsx";

/**
 * A link that leaves the site (the marketplace shop, a product's listing) in a new tab: marked
 * with the external-link icon and, for screen readers, "(opens in a new tab)".
 */
export function ExternalLink({
  href,
  className,
  iconClassName = "size-4",
  onFollow,
  children,
}: {
  href: string;
  className?: string;
  iconClassName?: string;
  /** Called beside the browser following the link (a click, or a middle click's new tab). */
  onFollow?: () => void;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={onFollow}
      onAuxClick={onFollow ? (event) => event.button === 1 && onFollow() : undefined}
    >
      {children}
      <ExternalIcon className={iconClassName} />
      <span className="sr-only">{m.external_link_new_tab()}</span>
    </a>
  );
}
