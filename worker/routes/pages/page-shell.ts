import { type InitialData, initialDataElementId } from "../../contract/initial-data.ts";
import type { Locale } from "../../contract/locales.ts";
import { photoSrcSet } from "../../contract/photos.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import { type ShareImage, shopName } from "./share-image.ts";
import type { StructuredData } from "./structured-data.ts";

export type PageMeta = {
  /** The page's language: og:locale, and the other one as og:locale:alternate. */
  locale: Locale;
  /**
   * The page's address in each language (absolute), for `hreflang` links, English also being
   * `x-default`; none for a page that must not be indexed.
   */
  alternates?: Record<Locale, string> | undefined;
  title: string;
  description: string;
  /**
   * Absolute URL of the page, for og:url and the canonical link; none for a page that must not
   * be indexed (`noindex`), which has no address of its own to name.
   */
  url?: string | undefined;
  /** Keeps search engines from listing the page: the not-found page (ADR 0068). */
  noindex?: boolean;
  /** The link preview's image (ADR 0019). */
  image?: ShareImage | undefined;
  /**
   * The image that will be the largest paint, fetched with the HTML instead of after the script,
   * with the `sizes` it is shown at: a stored photo is preloaded in the variant the screen's
   * `srcset` will take, not its widest.
   */
  preloadImage?: { src: string; sizes: string } | undefined;
  type?: "website" | "product";
  /** schema.org JSON-LD for search engines (structured-data.ts), one script element each. */
  structuredData?: readonly StructuredData[] | undefined;
};

// JSON inside a script element must not contain "</script" or an HTML comment opener.
const escapeJsonForHtml = (json: string) =>
  json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * Writes a page's title, description, Open Graph / Twitter tags, the largest image's preload,
 * its JSON-LD and the initial catalogue data (none for a page that shows no catalogue) into the
 * built app shell (dist/web/index.html).
 */
export function renderPageShell(shell: string, meta: PageMeta, data: InitialData | undefined, markup = ""): string {
  const { image } = meta;
  const tags = [
    meta.noindex ? noindexTag : "",
    meta.url ? `<link rel="canonical" href="${escapeHtml(meta.url)}" />` : "",
    ...(meta.alternates ? alternateTags(meta.alternates) : []),
    `<meta property="og:site_name" content="${escapeHtml(shopName)}" />`,
    `<meta property="og:locale" content="${ogLocales[meta.locale]}" />`,
    `<meta property="og:locale:alternate" content="${ogLocales[meta.locale === "tr" ? "en" : "tr"]}" />`,
    `<meta property="og:type" content="${meta.type === "product" ? "product" : "website"}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    meta.url ? `<meta property="og:url" content="${escapeHtml(meta.url)}" />` : "",
    ...(image ? imageTags(image) : []),
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image.url)}" />` : "",
    image ? `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}" />` : "",
    meta.preloadImage ? preloadLink(meta.preloadImage) : "",
    // Data, not code: the CSP's script-src does not apply to either type, and escaping keeps a
    // product's name from ending the element.
    ...(meta.structuredData ?? []).map(
      (item) => `<script type="application/ld+json">${escapeJsonForHtml(JSON.stringify(item))}</script>`,
    ),
    data
      ? `<script type="application/json" id="${initialDataElementId}">${escapeJsonForHtml(JSON.stringify(data))}</script>`
      : "",
  ]
    .filter(Boolean)
    .join("\n    ");

  // Replacer functions: a "$&" in a product name must stay text, not a replacement pattern.
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace("</head>", () => `    ${tags}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

/** Open Graph names a language with its region. */
const ogLocales: Record<Locale, string> = { en: "en_US", tr: "tr_TR" };

/** The page in each language, English also for anyone whose language is neither (`x-default`). */
function alternateTags(alternates: Record<Locale, string>): string[] {
  const link = (hreflang: string, url: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(url)}" />`;
  return [link("tr", alternates.tr), link("en", alternates.en), link("x-default", alternates.en)];
}

const noindexTag = '<meta name="robots" content="noindex" />';

/**
 * A rendered page with `noindex` written in (ADR 0068): a filter naming nothing answers the
 * render of the page without it, marked so search engines do not list that address.
 */
export function withNoindex(html: string): string {
  return html.replace("</head>", () => `${noindexTag}</head>`);
}

/** `og:image` with what a scraper needs to lay it out before fetching it, when known. */
function imageTags(image: ShareImage): string[] {
  const property = (name: string, value: string | number | undefined) =>
    value === undefined ? "" : `<meta property="og:image${name}" content="${escapeHtml(String(value))}" />`;
  return [
    property("", image.url),
    property(":type", image.type),
    property(":width", image.width),
    property(":height", image.height),
    property(":alt", image.alt),
  ];
}

/** The largest paint's preload: a stored photo's with its `srcset` and `sizes`, as the `<img>` has them. */
function preloadLink({ src, sizes }: { src: string; sizes: string }): string {
  const srcset = photoSrcSet(src);
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${responsive} fetchpriority="high" />`;
}
