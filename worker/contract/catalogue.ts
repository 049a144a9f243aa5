import { z } from "zod";

/**
 * Catalogue shapes as the API sends them (SPEC §3, snake_case). Shared with the web app:
 * this folder imports zod only, never drizzle or server code.
 */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  long_description: z.string(),
  category_id: z.number().int().nullable(),
  images: z.array(z.string()),
  etsy_link: z.string(),
  sort_order: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  created_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const surveyQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  options: z.array(z.string()),
  order: z.number().int(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/** `?category_id=` on GET /api/products. */
export const productListQuerySchema = z.object({
  category_id: z.coerce
    .number({ message: "must be a category id" })
    .int({ message: "must be a category id" })
    .positive({ message: "must be a category id" })
    .optional(),
});

/** `:id` path parameters of catalogue rows. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ message: "must be a positive whole number" })
    .int({ message: "must be a positive whole number" })
    .positive({ message: "must be a positive whole number" }),
});
