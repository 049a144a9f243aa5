import { Link } from "@tanstack/react-router";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { shownName } from "../../../worker/contract/shown-text.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";

/**
 * "All Products" plus one link per category (docs/product.md §2's Products menu). The desktop hover menu
 * and the mobile menu show the same list with their own styling.
 */
export function CategoryLinks({
  categories,
  className,
  allLinkClassName,
  linkClassName,
  onNavigate,
}: {
  categories: readonly Category[];
  className: string;
  allLinkClassName: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul aria-label={m.product_categories()} className={className}>
      <li>
        <Link
          to="/products"
          activeOptions={{ exact: true, includeSearch: true }}
          className={allLinkClassName}
          onClick={onNavigate}
        >
          {m.nav_all_products()}
        </Link>
      </li>
      {categories.map((category) => {
        const name = shownName(category, getLocale());
        return (
          <li key={category.id}>
            <Link
              to="/products"
              search={{ category: category.id }}
              lang={name.lang}
              className={linkClassName}
              onClick={onNavigate}
            >
              {name.text}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
