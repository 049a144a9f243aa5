import { Link } from "@tanstack/react-router";
import { memo } from "react";
import type { Product } from "../../../worker/contract/catalogue.ts";
import { shownName, shownSummary } from "../../../worker/contract/shown-text.ts";
import { ArrowRightIcon } from "../../components/icons.tsx";
import { ImageWithFallback } from "../../components/image-with-fallback.tsx";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { cardPictureSizes } from "./card-picture.ts";
import { primaryImage } from "./product-image.ts";

type ProductCardProps = {
  product: Product;
  headingLevel?: 2 | 3;
  /** Cards in the first row load their image at once; the rest when scrolled near (default). */
  eager?: boolean;
  /** The largest image of the first paint. */
  priority?: boolean;
};

/**
 * A product in a grid: image, name, short description; the whole card opens the product. Each
 * answer of the catalogue worker is a fresh copy of its products, so a card compares what it
 * shows, not the object, to skip rendering what did not change.
 */
export const ProductCard = memo(ProductCardContent, (before, after) => {
  const [a, b] = [before.product, after.product];
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.short_description === b.short_description &&
    a.description === b.description &&
    a.name_en === b.name_en &&
    a.short_description_en === b.short_description_en &&
    a.description_en === b.description_en &&
    primaryImage(a) === primaryImage(b) &&
    before.headingLevel === after.headingLevel &&
    before.eager === after.eager &&
    before.priority === after.priority
  );
});

function ProductCardContent({ product, headingLevel = 3, eager = false, priority = false }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const locale = getLocale();
  // The English texts where the admin wrote them, else the Turkish ones, marked so (ADR 0087).
  const name = shownName(product, locale);
  const summary = shownSummary(product, locale);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-sand bg-white shadow-soft transition-[box-shadow,transform] duration-200 focus-within:shadow-lift hover:-translate-y-1 hover:shadow-lift">
      <div className="aspect-square overflow-hidden bg-linen">
        <ImageWithFallback
          src={primaryImage(product)}
          alt=""
          loading={eager || priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          width={640}
          height={640}
          sizes={cardPictureSizes}
          // The whole picture (issue 38): the shop's pictures are square, and a 4:3 box cut their
          // tops and bottoms; a picture of another shape is shown whole on the linen.
          className="size-full object-contain transition-transform duration-500 group-hover:scale-[1.04]"
        />
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <Heading lang={name.lang} className="text-xl font-semibold text-sage-900">
          <Link
            to="/products/$id"
            params={{ id: String(product.id) }}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-terracotta-600"
          >
            {name.text}
          </Link>
        </Heading>
        <p lang={summary.lang} className="mt-2 line-clamp-3 text-[0.9375rem] leading-relaxed text-muted">
          {summary.text}
        </p>
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-terracotta-700"
        >
          {m.product_card_view_details()}
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}

/** Grey stand-in for a card while products load. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full animate-shimmer flex-col overflow-hidden rounded-2xl border border-sand bg-white"
    >
      <div className="aspect-square bg-linen" />
      <div className="flex flex-col gap-3 p-5 sm:p-6">
        <div className="h-6 w-2/3 rounded-md bg-sand/70" />
        <div className="h-4 w-full rounded-md bg-linen" />
        <div className="h-4 w-5/6 rounded-md bg-linen" />
        <div className="mt-4 h-4 w-24 rounded-md bg-terracotta-50" />
      </div>
    </div>
  );
}

/**
 * A few product cards in a row (three on wide screens; on tablets two, and the third centred
 * below), skeletons while `products` is not known yet, and `empty` when there are none: home's
 * featured products and a member's suggestions.
 */
export function ProductCardRow({
  products,
  placeholders,
  empty,
}: {
  products: readonly Product[] | undefined;
  placeholders: number;
  empty: string;
}) {
  if (products?.length === 0) {
    return <p className="rounded-2xl border border-sand bg-white/70 p-8 text-center text-muted">{empty}</p>;
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={!products}>
      {!products
        ? Array.from({ length: placeholders }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <li key={i} className={i === 2 ? "sm:max-lg:hidden" : undefined}>
              <ProductCardSkeleton />
            </li>
          ))
        : products.map((product, i) => (
            <li
              key={product.id}
              className={i === 2 ? "sm:max-lg:col-span-2 sm:max-lg:mx-auto sm:max-lg:w-1/2" : undefined}
            >
              <ProductCard product={product} />
            </li>
          ))}
    </ul>
  );
}
