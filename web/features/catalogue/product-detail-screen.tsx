import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";
import { localizedPath } from "../../../worker/contract/locales.ts";
import { productPictureSizes } from "../../../worker/contract/photos.ts";
import { shownLongDescription, shownName, shownSummary } from "../../../worker/contract/shown-text.ts";
import type { Temperament } from "../../../worker/contract/temperaments.ts";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { ExternalLink } from "../../components/external-link.tsx";
import { ArrowLeftIcon, ShareIcon } from "../../components/icons.tsx";
import { ImageWithFallback, placeholderImage } from "../../components/image-with-fallback.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { temperamentNames } from "../../lib/temperament-names.ts";
import { useInsightEvents } from "../../lib/use-insight-events.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { ProductNotShown } from "./product-not-found.tsx";
import { RichText } from "./rich-text.tsx";
import { useProduct } from "./use-catalogue.ts";

/** docs/product.md §2 (the admin's loading text, used here too): four dots, verbatim. */

/**
 * `/products/{id}` (docs/product.md §2): gallery, name, category, the temperaments it suits, descriptions,
 * the marketplace link and Share. `id` is undefined when the address holds no valid id: that is a missing product.
 */
export function ProductDetailScreen({ id }: { id: number | undefined }) {
  const view = useProduct(id);
  if (view.status === "missing" || view.status === "offline") return <ProductNotShown reason={view.status} />;
  if (view.status === "ready") return <ProductDetail product={view.product} category={view.category} />;
  return <ProductPending view={view} />;
}

function ProductPending({
  view,
}: {
  view: { status: "loading" } | { status: "error"; message: string; retry(): void };
}) {
  useDocumentTitle(m.product_document_title());
  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        {view.status === "loading" ? (
          <p role="status" className="text-lg text-muted">
            {m.product_loading()}
          </p>
        ) : (
          <ErrorPanel message={view.message} onRetry={view.retry} />
        )}
        <Link to="/products" className="btn btn-outline mt-8">
          {m.back_to_products()}
        </Link>
      </div>
    </section>
  );
}

function ProductDetail({ product, category }: { product: Product; category: Category | undefined }) {
  const locale = getLocale();
  // The English texts where the admin wrote them, else the Turkish ones, marked so (ADR 0087).
  const name = shownName(product, locale);
  const summary = shownSummary(product, locale);
  const longDescription = shownLongDescription(product, locale);
  const categoryName = category ? shownName(category, locale) : undefined;
  useDocumentTitle(name.text);
  const { onShopVisit } = useInsightEvents(product.id);
  const images = product.images.filter((src) => src.trim());
  return (
    <article className="container-page pt-6 pb-16 sm:pt-10 sm:pb-24">
      <Link
        to="/products"
        className="inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-semibold text-sage-800 hover:text-terracotta-700"
      >
        <ArrowLeftIcon className="size-4" />
        {m.back_to_products()}
      </Link>

      <div className="mt-4 grid gap-8 lg:mt-6 lg:grid-cols-2 lg:gap-14">
        <Gallery key={product.id} images={images} name={name.text} lang={name.lang} />

        <div className="min-w-0">
          <div>
            {category && categoryName ? (
              <Link
                to="/products"
                search={{ category: category.id }}
                lang={categoryName.lang}
                className="eyebrow inline-block rounded hover:text-terracotta-600 hover:underline"
              >
                {categoryName.text}
              </Link>
            ) : null}
            <h1 lang={name.lang} className="mt-2 text-4xl font-semibold text-sage-900 sm:text-5xl">
              {name.text}
            </h1>
            <p lang={summary.lang} className="mt-5 text-lg leading-relaxed text-muted">
              {summary.text}
            </p>
          </div>
          <TemperamentBadges temperaments={product.temperaments} />

          <div className="mt-8 flex flex-wrap gap-3">
            {product.etsy_link ? (
              <ExternalLink href={product.etsy_link} className="btn btn-accent px-6 text-base" onFollow={onShopVisit}>
                {m.product_buy_on_etsy()}
              </ExternalLink>
            ) : null}
            <ShareButton product={product} />
          </div>
          <p className="mt-4 text-sm text-muted">{m.product_orders_through_etsy()}</p>

          {longDescription.text.trim() ? (
            <section aria-labelledby="description-title" className="mt-10 border-t border-sand pt-8">
              <h2 id="description-title" className="text-2xl font-semibold text-sage-900">
                {m.product_description()}
              </h2>
              <RichText html={longDescription.text} lang={longDescription.lang} className="rich-text mt-4" />
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/**
 * The temperaments the product suits (issue 30), each a link to the products for it. None: no
 * badges, since such a product is for everyone, and nothing should suggest otherwise.
 */
function TemperamentBadges({ temperaments }: { temperaments: readonly Temperament[] }) {
  const labelId = useId();
  if (temperaments.length === 0) return null;
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-2">
      <span id={labelId} className="text-sm font-semibold text-muted">
        {m.product_suits_temperaments()}
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {temperaments.map((temperament) => (
          <li key={temperament}>
            <Link
              to="/products"
              search={{ temperament }}
              className="inline-flex min-h-8 items-center rounded-full border border-terracotta-200 bg-terracotta-50 px-3 text-sm font-semibold text-terracotta-700 hover:border-terracotta-400 hover:bg-terracotta-100"
            >
              {temperamentNames[temperament]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The main image, and thumbnails to switch it when the product has several (docs/product.md §2). */
function Gallery({ images, name, lang }: { images: string[]; name: string; lang: "tr" | undefined }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? placeholderImage;
  const several = images.length > 1;
  return (
    <div className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      <div className="aspect-square overflow-hidden rounded-3xl border border-sand bg-linen shadow-soft">
        <ImageWithFallback
          src={current}
          alt={several ? m.product_image_alt({ name, number: index + 1, count: images.length }) : name}
          lang={lang}
          width={800}
          height={800}
          sizes={productPictureSizes.page}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          // Whole, never cropped: a tall bottle keeps its cap and base, on the frame's linen.
          className="size-full object-contain"
        />
      </div>
      {several ? (
        <ul aria-label={m.product_images()} className="mt-4 flex flex-wrap gap-3">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={m.product_show_image({ number: i + 1, count: images.length })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className={`block size-20 overflow-hidden rounded-xl border-2 bg-linen transition-colors sm:size-24 ${
                  i === index
                    ? "border-sage-700"
                    : "border-transparent opacity-80 hover:border-sage-300 hover:opacity-100"
                }`}
              >
                <ImageWithFallback
                  src={src}
                  alt=""
                  width={96}
                  height={96}
                  sizes="96px"
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Web Share where the device has it; otherwise the link is copied (docs/architecture.md §7). */
function ShareButton({ product }: { product: Product }) {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (text: string) => {
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(""), 4000);
  };

  const share = async () => {
    // The page's own language: a Turkish page shares the Turkish address and its Turkish preview.
    const locale = getLocale();
    const url = new URL(localizedPath(`/products/${product.id}`, locale), window.location.origin).toString();
    const data = { title: shownName(product, locale).text, text: shownSummary(product, locale).text, url };
    if (typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
      } catch {
        // Closing the share sheet is not an error.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      say(m.product_link_copied());
    } catch {
      say(m.product_link_not_copied());
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <button type="button" className="btn btn-outline px-6 text-base" onClick={share}>
        <ShareIcon className="size-4" />
        {m.product_share()}
      </button>
      <p role="status" className="text-sm font-medium text-sage-700">
        {message}
      </p>
    </div>
  );
}
