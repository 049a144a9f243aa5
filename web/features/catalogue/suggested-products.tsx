import { Link } from "@tanstack/react-router";
import type { Product } from "../../../worker/contract/catalogue.ts";
import { shownName } from "../../../worker/contract/shown-text.ts";
import { suggestedProducts, suggestionLimit } from "../../../worker/contract/suggestions.ts";
import { ErrorPanel } from "../../components/error-panel.tsx";
import { ImageWithFallback } from "../../components/image-with-fallback.tsx";
import type { TemperamentResult } from "../../lib/member-temperament.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { ProductCardRow } from "./product-card.tsx";
import { primaryImage } from "./product-image.ts";
import { useProducts } from "./use-catalogue.ts";

/**
 * The products suggested for a member's temperament result (issue 30), by the rule the result
 * e-mail uses (worker/contract/suggestions.ts). The device's catalogue answers two questions, the
 * first three of each temperament, so the suggestions show offline too: together they hold
 * whatever the rule would pick from the whole list.
 */
function useSuggestions(result: TemperamentResult) {
  const dominant = useProducts(undefined, "", suggestionLimit, result.dominant);
  const secondary = useProducts(undefined, "", suggestionLimit, result.secondary);
  const products =
    dominant.products && secondary.products
      ? suggestedProducts([...dominant.products, ...secondary.products], result)
      : undefined;
  const failed = dominant.error ? dominant : secondary.error ? secondary : null;
  return { products, error: products ? undefined : failed?.error, retry: failed?.retry };
}

/** The suggestions as product cards, for home: up to three in a row. */
export function SuggestedProductCards({ result }: { result: TemperamentResult }) {
  const { products, error, retry } = useSuggestions(result);
  if (error && retry) return <ErrorPanel message={error} onRetry={retry} />;
  return <ProductCardRow products={products} placeholders={suggestionLimit} empty={m.suggested_none_yet()} />;
}

/** The suggestions as a short list of pictures and names, for the profile's summary card. */
export function SuggestedProductList({ result }: { result: TemperamentResult }) {
  const { products, error, retry } = useSuggestions(result);
  if (error && retry) return <ErrorPanel message={error} onRetry={retry} className="p-4" />;
  if (products?.length === 0) return <p className="text-sm text-muted">{m.suggested_none_yet()}</p>;
  if (!products) {
    return (
      <ul aria-busy="true" className="grid gap-2">
        {Array.from({ length: suggestionLimit }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <li key={i} className="h-14 animate-shimmer rounded-xl bg-linen" />
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid gap-2">
      {products.map((product) => (
        <li key={product.id}>
          <SuggestedProductRow product={product} />
        </li>
      ))}
    </ul>
  );
}

function SuggestedProductRow({ product }: { product: Product }) {
  const name = shownName(product, getLocale());
  return (
    <Link
      to="/products/$id"
      params={{ id: String(product.id) }}
      className="flex min-h-14 items-center gap-3 rounded-xl bg-white p-1.5 pr-3 font-semibold text-sage-800 ring-1 ring-sand transition-colors hover:bg-sage-50 hover:text-sage-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-terracotta-600"
    >
      <ImageWithFallback
        src={primaryImage(product)}
        alt=""
        loading="lazy"
        decoding="async"
        width={64}
        height={48}
        className="h-12 w-16 shrink-0 rounded-lg bg-linen object-cover"
      />
      <span lang={name.lang} className="min-w-0 text-sm leading-snug [overflow-wrap:anywhere]">
        {name.text}
      </span>
    </Link>
  );
}
