import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { m } from "../../paraglide/messages.js";
import { ChevronDownIcon } from "../icons.tsx";
import { CategoryLinks } from "./category-links.tsx";
import { DisclosureButton } from "./disclosure-button.tsx";
import { useDisclosure } from "./use-disclosure.ts";

const navLink =
  "rounded-full px-3 py-2 text-[0.9375rem] font-medium text-ink/85 transition-colors hover:bg-sage-100 hover:text-sage-900 data-[status=active]:text-sage-800 data-[status=active]:bg-sage-100";

/**
 * Header entry "Products" with its hover menu (docs/product.md §2): All Products plus one link per
 * category. Opens on hover, and from the keyboard or touch through the chevron button
 * (aria-expanded); Escape, leaving the menu or navigating closes it.
 */
export function ProductsMenu({ categories }: { categories: readonly Category[] }) {
  const { open, setOpen, wrapperRef, panelId, button, onKeyDown, onBlur } = useDisclosure();
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), 150);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the menu; the chevron button is the keyboard and touch control
    <div
      ref={wrapperRef}
      className="relative"
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <div className="flex items-center">
        <Link to="/products" className={navLink}>
          {m.nav_products()}
        </Link>
        <DisclosureButton
          {...button}
          className="-ml-1 grid size-8 place-items-center rounded-full text-ink/70 transition-colors hover:bg-sage-100 hover:text-sage-900"
          label={m.product_categories()}
        >
          <ChevronDownIcon className={`size-4 transition-transform duration-200 ${open ? "rotate-180" : ""}`} />
        </DisclosureButton>
      </div>

      <div id={panelId} hidden={!open} className="absolute left-0 top-full z-50 pt-2">
        <div className="w-64 overflow-hidden rounded-2xl border border-sand bg-white p-2 shadow-lift">
          <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-[0.14em] text-muted">
            {m.products_menu_by_category()}
          </p>
          <CategoryLinks
            categories={categories}
            className="flex flex-col"
            allLinkClassName="flex rounded-xl px-3 py-2.5 font-medium text-sage-900 hover:bg-sage-50 data-[status=active]:bg-sage-50"
            linkClassName="flex rounded-xl px-3 py-2.5 text-ink/85 hover:bg-sage-50 hover:text-sage-900 data-[status=active]:bg-sage-50"
          />
        </div>
      </div>
    </div>
  );
}
