import { type InitialData, initialDataElementId } from "../../contract/initial-data.ts";

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of the page, for og:url and the canonical link. */
  url: string;
  /** Absolute image URL for link previews. */
  image?: string | undefined;
  /** The image that will be the largest paint: fetched with the HTML instead of after the script. */
  preloadImage?: string | undefined;
  type?: "website" | "product";
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

// JSON inside a script element must not contain "</script" or an HTML comment opener.
const escapeJsonForHtml = (json: string) =>
  json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * Writes a page's title, description, Open Graph / Twitter tags, the largest image's preload and
 * the initial catalogue data into the built app shell (dist/web/index.html).
 */
export function renderPageShell(shell: string, meta: PageMeta, data: InitialData, markup = ""): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="Doğal Yaşam" />`,
    `<meta property="og:type" content="${meta.type === "product" ? "product" : "website"}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : "",
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    meta.image ? `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />` : "",
    meta.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />`
      : "",
    `<script type="application/json" id="${initialDataElementId}">${escapeJsonForHtml(JSON.stringify(data))}</script>`,
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
