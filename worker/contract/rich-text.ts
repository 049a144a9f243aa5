import { FilterXSS } from "xss";

/**
 * The HTML a product's long description may hold (docs/product.md §5, docs/architecture.md §6): text formatting,
 * headings, lists, quotes and links. Everything else is dropped: script, style and link elements
 * (with the contents of script, style and their kind), every `on*` handler, `style`, and
 * `javascript:` URLs. It runs without a DOM, so one sanitizer serves the server (on write and in
 * the server render) and the browser (before it renders), and both produce the same markup.
 */
const allowed = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  mark: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  a: ["href", "title", "target", "rel"],
};

const filter = new FilterXSS({
  whiteList: allowed,
  // An element that is not allowed loses its tags and keeps its text...
  stripIgnoreTag: true,
  // ...except these, whose contents are code or markup, never text for the shopper.
  stripIgnoreTagBody: ["script", "style", "noscript", "template", "iframe", "object", "svg", "math"],
  allowCommentTag: false,
});

export function sanitizeRichText(html: string): string {
  return filter.process(html);
}
