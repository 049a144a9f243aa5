import DOMPurify from "dompurify";

/**
 * docs/product.md §5's paste rules for the description editor. HTML from the clipboard (a page copied in a
 * browser, a word processor) loses its script, style and link elements and every on* attribute
 * before the editor parses it; the editor then keeps only what its schema knows (headings, lists,
 * bold, italic, links). DOMPurify works on an inert document, so nothing in the paste runs or
 * loads while it is cleaned.
 */
export function sanitizePastedHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ["script", "style", "link", "meta", "base", "iframe", "object", "embed", "form"],
    // DOMPurify drops on* handlers itself; `style` goes too: a pasted colour or font is the
    // source page's look, not the shop's.
    FORBID_ATTR: ["style"],
  });
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Plain text as HTML (docs/product.md §5: "escaped with line breaks kept"): every character shown as typed,
 * `<b>` as text rather than bold; a blank line starts a new paragraph, a single line break
 * stays a line break.
 */
export function plainTextToHtml(text: string): string {
  const escaped = text.replace(/\r\n?/g, "\n").replace(/[&<>"']/g, (c) => escapes[c] ?? c);
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split("\n").join("<br>")}</p>`)
    .join("");
}
