import * as z from "zod/mini";

/**
 * The answer to `POST /api/admin/images` (issue 41, ADR 0089), apart from worker/contract/photos.ts
 * so that the shoppers' pages, which read photos' addresses, never load zod for it.
 */
const variantSchema = z.object({
  /** `/images/<hash>-<width>.<ext>` */
  src: z.string(),
  width: z.number(),
  height: z.number(),
});

export const photoUploadSchema = z.object({
  /** The largest variant's address: what a product's `images` lists. */
  src: z.string(),
  width: z.number(),
  height: z.number(),
  /** Every variant, the largest too, smallest first. */
  variants: z.array(variantSchema),
  /** The link preview (`/images/<hash>-1200x630.jpg`, ADR 0094), when the upload had one. */
  preview: z.optional(variantSchema),
});
export type PhotoUpload = z.infer<typeof photoUploadSchema>;
