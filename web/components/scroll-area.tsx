import type { ReactNode } from "react";

/**
 * A list that scrolls within about 24rem (docs/product.md §9's survey list). Focusable, so a keyboard user
 * can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable), and named for screen readers.
 */
export function ScrollArea({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={`max-h-[24rem] overflow-y-auto rounded-2xl border border-sand bg-white ${className}`}
    >
      {children}
    </section>
  );
}
