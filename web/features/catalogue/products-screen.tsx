import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { productsPageSize } from "../../../worker/contract/initial-data.ts";
import { shownDescription, shownName } from "../../../worker/contract/shown-text.ts";
import { type Temperament, temperaments } from "../../../worker/contract/temperaments.ts";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { SearchIcon } from "../../components/icons.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { formatCount } from "../../lib/format-count.ts";
import { useChoiceInRow } from "../../lib/scroll-row.ts";
import { temperamentNames } from "../../lib/temperament-names.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { ProductCard, ProductCardSkeleton } from "./product-card.tsx";
import { startCatalogue, useProducts } from "./use-catalogue.ts";

/** docs/product.md §9: 6 skeleton cards while the products load. */
export const skeletonCount = 6;
/** Cards in the first row (three columns on a desktop) load their images at once. */
const eagerCount = 3;

type ProductsScreenProps = {
  /** `?category=` as the URL has it (already validated: a positive whole number or nothing). */
  categoryId: number | undefined;
  /** `?temperament=` as the URL has it (already validated: one of the four or nothing). */
  temperament: Temperament | undefined;
  /** Changes `?category=`, keeping the temperament (a new history entry, so Back restores the previous filter). */
  onSelectCategory: (categoryId: number | undefined) => void;
  /** Drops `?category=` and `?temperament=`. */
  onClearFilters: () => void;
};

/**
 * The products page (docs/product.md §2, §4): every product fetched once and filtered locally by category
 * and by temperament (issue 30; both mirrored in the URL) and by a Turkish-aware text search
 * over names, category names and descriptions, name matches first (ADR 0072). The
 * cards are rendered a page at a time as the shopper scrolls: a shop of a thousand products
 * would otherwise build a thousand cards before the first one answers a tap.
 */
export function ProductsScreen({
  categoryId: requested,
  temperament,
  onSelectCategory,
  onClearFilters,
}: ProductsScreenProps) {
  const [query, setQuery] = useState("");
  // A new search, category or temperament starts again from the first page.
  const filter = `${requested ?? "all"}|${temperament ?? "all"}|${query.trim()}`;
  const [paging, setPaging] = useState({ filter, limit: productsPageSize });
  const limit = paging.filter === filter ? paging.limit : productsPageSize;
  const {
    products: shown,
    total: count,
    stale,
    categories,
    categoryId,
    error,
    retry,
  } = useProducts(requested, query, limit, temperament);
  const searchId = useId();
  const category = categories?.find((c) => c.id === categoryId);
  // The English texts where the admin wrote them, else the Turkish ones, marked so (ADR 0087).
  const categoryDescription = category ? shownDescription(category, getLocale()) : undefined;
  useDocumentTitle(
    [category && shownName(category, getLocale()).text, temperament && temperamentNames[temperament], m.nav_products()]
      .filter(Boolean)
      .join(" · "),
  );
  const more = shown !== undefined && count !== undefined && count > shown.length;

  return (
    <div className="container-page pt-8 pb-16 sm:pt-14 sm:pb-24">
      <header className="max-w-2xl">
        <p className="eyebrow">{m.products_eyebrow()}</p>
        <h1 className="mt-2 text-[2.25rem] font-semibold text-sage-900 sm:mt-3 sm:text-5xl">{m.nav_products()}</h1>
        <p className="mt-3 leading-relaxed text-muted sm:mt-4 sm:text-lg">{m.products_intro()}</p>
      </header>

      <div className="mt-6 flex flex-col gap-4 sm:mt-10 sm:gap-5">
        <div className="relative max-w-md">
          <label htmlFor={searchId} className="sr-only">
            {m.products_search_label()}
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // A shopper about to search needs the whole list: load it now, not when idle.
            onFocus={startCatalogue}
            placeholder={m.products_search_placeholder()}
            autoComplete="off"
            spellCheck={false}
            className="h-12 w-full rounded-full border border-sand bg-white pr-4 pl-12 text-base text-ink shadow-soft placeholder:text-muted focus-visible:border-sage-600 focus-visible:outline-2 focus-visible:outline-offset-0"
          />
        </div>
        <CategoryFilter categories={categories} selected={categoryId} onSelect={onSelectCategory} />
        <TemperamentFilter selected={temperament} categoryId={categoryId} />
      </div>

      {categoryDescription?.text ? (
        <p className="mt-5 max-w-2xl text-muted" lang={categoryDescription.lang}>
          {categoryDescription.text}
        </p>
      ) : null}

      <p role="status" className="mt-4 text-sm font-medium text-muted sm:mt-6">
        {count !== undefined ? m.products_count({ count, shown: formatCount(count) }) : ""}
      </p>

      {error ? (
        <ErrorPanel message={error} onRetry={retry} className="mt-4" />
      ) : !shown ? (
        <ul
          className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy="true"
          aria-label={m.products_loading()}
        >
          {Array.from({ length: skeletonCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <li key={i}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-sand bg-white/70 px-6 py-12 text-center">
          <p className="text-lg text-ink">{m.products_empty()}</p>
          {query || categoryId !== undefined || temperament !== undefined ? (
            <button
              type="button"
              className="btn btn-outline mt-6"
              onClick={() => {
                setQuery("");
                if (categoryId !== undefined || temperament !== undefined) onClearFilters();
              }}
            >
              {m.products_clear_filters()}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={stale}>
            {shown.map((product, i) => (
              <li key={product.id}>
                <ProductCard product={product} headingLevel={2} eager={i < eagerCount} priority={i === 0} />
              </li>
            ))}
          </ul>
          {more ? (
            <MoreProducts shown={limit} onReach={() => setPaging({ filter, limit: limit + productsPageSize })} />
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * The end of the rendered cards: the next page is rendered before the shopper reaches it (a
 * screen ahead), and the button does the same for keyboards and for browsers without
 * IntersectionObserver.
 */
function MoreProducts({ shown, onReach }: { shown: number; onReach: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const reach = useRef(onReach);
  reach.current = onReach;
  // Observed again after each page (a new observer reports at once whether the button is still
  // near), and the button stays the same element: a keyboard user's focus stays on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is the reason to look again
  useEffect(() => {
    const element = button.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <div className="mt-8 flex justify-center">
      <button ref={button} type="button" className="btn btn-outline" onClick={() => reach.current()}>
        {m.products_show_more()}
      </button>
    </div>
  );
}

/** A row of filter chips: one scrolling row on phones (rows of chips would push the products off screen). */
const chipRow =
  "-mx-5 flex min-w-0 gap-2 overflow-x-auto px-5 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0";
/** A filter's choices: filled when current, sage for categories and terracotta for temperaments. */
const chipTones = {
  sage: {
    on: "border-sage-700 bg-sage-700 text-white shadow-soft",
    off: "border-sand bg-white text-sage-800 hover:border-sage-400 hover:bg-sage-50",
  },
  terracotta: {
    on: "border-terracotta-700 bg-terracotta-700 text-white shadow-soft",
    off: "border-terracotta-200 bg-white text-terracotta-700 hover:border-terracotta-400 hover:bg-terracotta-50",
  },
};
const chip = (current: boolean, tone: keyof typeof chipTones) =>
  `inline-flex min-h-11 shrink-0 items-center rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${chipTones[tone][current ? "on" : "off"]}`;

function CategoryFilter({
  categories,
  selected,
  onSelect,
}: {
  categories: readonly Category[] | undefined;
  selected: number | undefined;
  onSelect: (categoryId: number | undefined) => void;
}) {
  const options: { id: number | undefined; name: string; lang?: "tr" | undefined }[] = [
    { id: undefined, name: m.products_all_categories() },
    ...(categories ?? []).map((category) => {
      const name = shownName(category, getLocale());
      return { id: category.id, name: name.text, lang: name.lang };
    }),
  ];
  const row = useRef<HTMLFieldSetElement>(null);
  // A category chosen in the header's menu may be far to the right: brought into the row, once
  // its chip is there (the categories may come after the page).
  useChoiceInRow(row, '[aria-pressed="true"]', `${selected}|${options.length}`);
  return (
    <fieldset ref={row} className={chipRow}>
      <legend className="sr-only">{m.products_filter_by_category()}</legend>
      {options.map(({ id, name, lang }) => (
        <button
          key={id ?? "all"}
          type="button"
          aria-pressed={id === selected}
          onClick={() => {
            if (id !== selected) onSelect(id);
          }}
          lang={lang}
          className={chip(id === selected, "sage")}
        >
          {name}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The four temperaments as links (issue 30): each keeps the category, so the page and its first
 * products come from the server too (a new tab, before the app has loaded), and the shopper's
 * current one is marked with aria-current (by the router's Link).
 */
function TemperamentFilter({
  selected,
  categoryId,
}: {
  selected: Temperament | undefined;
  categoryId: number | undefined;
}) {
  const labelId = useId();
  const row = useRef<HTMLDivElement>(null);
  // On a phone the row scrolls sideways: a shopper who arrives on /products?temperament=phlegmatic sees which one is on.
  useChoiceInRow(row, '[aria-current="page"]', selected);
  const options: { temperament: Temperament | undefined; name: string }[] = [
    { temperament: undefined, name: m.products_all_temperaments() },
    ...temperaments.map((temperament) => ({ temperament, name: temperamentNames[temperament] })),
  ];
  return (
    // Links, not form controls: a navigation of its own, named by its visible label.
    <nav aria-labelledby={labelId} className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      {/* Above the row on phones, where the row scrolls sideways and would take its label along. */}
      <span id={labelId} className="shrink-0 text-sm font-semibold text-muted">
        {m.products_temperament_label()}
      </span>
      <div ref={row} className={chipRow}>
        {options.map(({ temperament, name }) => {
          const current = temperament === selected;
          return (
            <Link
              key={temperament ?? "all"}
              to="/products"
              search={{
                ...(categoryId === undefined ? {} : { category: categoryId }),
                ...(temperament === undefined ? {} : { temperament }),
              }}
              resetScroll={false}
              // The link to this very address is marked aria-current="page"; "All temperaments"
              // (fewer search parameters) is not, as it would be with a partial match.
              activeOptions={{ exact: true, includeSearch: true }}
              className={chip(current, "terracotta")}
            >
              {name}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
