import * as z from "zod/mini";

/**
 * The list of link-preview images the web build made (web/vite-plugins/share-previews.ts), read
 * by the catalogue pages to fill `og:image` (ADR 0019). WhatsApp, Facebook and X show no SVG
 * `og:image`, so every product illustration of the shop gets a 1200×630 PNG beside it, and the
 * shop a default one. Written into dist/web at `sharePreviewsPath`; the server reads it from the
 * static assets like the shell, so the Worker needs no image library.
 */
export const sharePreviewsSchema = z.object({
  width: z.number(),
  height: z.number(),
  /** MIME type of every preview. */
  type: z.string(),
  /** The preview for pages and products without a usable image of their own. */
  default: z.string(),
  /** Site path of a product image (`/images/products/x.svg`) → site path of its preview. */
  images: z.record(z.string(), z.string()),
});
export type SharePreviews = z.infer<typeof sharePreviewsSchema>;

export const sharePreviewsPath = "/share-previews.json";
