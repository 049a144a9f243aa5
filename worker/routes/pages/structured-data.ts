import { decodeHTML } from "entities/decode";
import { FilterXSS } from "xss";
import type { Category, Product } from "../../contract/catalogue.ts";
import { type Locale, localizedPath } from "../../contract/locales.ts";
import { shownName, shownText } from "../../contract/shown-text.ts";
import { shopName } from "./share-image.ts";

/**
 * The schema.org JSON-LD of the catalogue pages (docs/decisions/0054-found-by-search-engines.md):
 * what search engines read of the shop and each product. Written into the page by page-shell.ts,
 * escaped there so no text can close the script element.
 */
export type StructuredData = Readonly<Record<string, unknown>>;

const context = "https://schema.org";

/** The installed app's largest icon (web manifest, built from web/public/favicon.svg): a raster logo. */
export const logoPath = "/pwa-512x512.png";

/** Home: who the shop is, and the site itself in the page's language. */
export function homeStructuredData(origin: string, description: string, locale: Locale): StructuredData[] {
  const url = new URL("/", origin).toString();
  return [
    { "@context": context, "@type": "Organization", name: shopName, url, logo: new URL(logoPath, origin).toString() },
    {
      "@context": context,
      "@type": "WebSite",
      name: shopName,
      url: new URL(localizedPath("/", locale), origin).toString(),
      description,
      inLanguage: locale,
    },
  ];
}

/**
 * A page of the shop's own text (/about, /privacy, /terms): what it is and whose site it is part
 * of (ADR 0068).
 */
export function staticPageStructuredData(
  origin: string,
  url: string,
  page: { type: "AboutPage" | "WebPage"; name: string; description: string },
  locale: Locale,
): StructuredData[] {
  const site = new URL(localizedPath("/", locale), origin).toString();
  return [
    {
      "@context": context,
      "@type": page.type,
      name: page.name,
      description: page.description,
      url,
      inLanguage: locale,
      isPartOf: { "@type": "WebSite", name: shopName, url: site },
    },
  ];
}

/**
 * The trail's words; the product's own name and its category's are the admin's, in English on an
 * English page where written, else in Turkish (ADR 0087).
 */
const trailNames: Record<Locale, { home: string; products: string }> = {
  en: { home: "Home", products: "Products" },
  tr: { home: "Ana Sayfa", products: "Ürünler" },
};

/**
 * A product page: the product, the trail Home › its category › it, and the page itself with its
 * language (a Product is no creative work, so `inLanguage` is the page's).
 */
export function productStructuredData(
  origin: string,
  url: string,
  product: Product,
  categories: readonly Category[],
  locale: Locale,
): StructuredData[] {
  const category = categories.find((c) => c.id === product.category_id);
  const name = shownName(product, locale).text;
  const categoryName = category && shownName(category, locale).text;
  const images = product.images.flatMap((image) => {
    const absolute = URL.parse(image, origin);
    return absolute && (absolute.protocol === "https:" || absolute.protocol === "http:") ? [absolute.toString()] : [];
  });
  const address = (path: `/${string}`) => new URL(localizedPath(path, locale), origin).toString();
  const trail = [
    { name: trailNames[locale].home, item: address("/") },
    category
      ? { name: categoryName, item: address(`/products?category=${category.id}`) }
      : { name: trailNames[locale].products, item: address("/products") },
    { name, item: url },
  ];
  return [
    {
      "@context": context,
      "@type": "Product",
      name,
      description: productText(product, locale),
      ...(images.length > 0 ? { image: images } : {}),
      url,
      ...(category ? { category: categoryName } : {}),
    },
    {
      "@context": context,
      "@type": "BreadcrumbList",
      itemListElement: trail.map((step, index) => ({ "@type": "ListItem", position: index + 1, ...step })),
    },
    {
      "@context": context,
      "@type": "ItemPage",
      name,
      url,
      inLanguage: locale,
      isPartOf: { "@type": "WebSite", name: shopName, url: address("/") },
    },
  ];
}

/**
 * The product's fullest description as plain text: the long one (HTML) when it has any text; on
 * an English page the English one when the admin wrote any, else the Turkish (ADR 0087).
 */
export function productText(product: Product, locale: Locale): string {
  const fullest = (long: string, description: string, short: string) =>
    htmlToText(long) || description.trim() || short.trim();
  return shownText(
    locale,
    fullest(product.long_description, product.description, product.short_description),
    fullest(product.long_description_en ?? "", product.description_en ?? "", product.short_description_en ?? ""),
  ).text;
}

// No element is kept: each tag becomes a space (so "<p>a</p><p>b</p>" reads "a b"), and the
// contents of elements that hold code, never text, go with them.
const textOnly = new FilterXSS({
  whiteList: {},
  onIgnoreTag: () => " ",
  stripIgnoreTagBody: ["script", "style", "noscript", "template", "iframe", "object", "svg", "math"],
  allowCommentTag: false,
});

/** HTML (a sanitized long description) as the text a reader sees, its entities decoded. */
export function htmlToText(html: string): string {
  return decodeHTML(textOnly.process(html)).replace(/\s+/g, " ").trim();
}
