import * as z from "zod/mini";
import { temperamentError, temperamentSchema, temperaments } from "./temperaments.ts";

/**
 * Catalogue shapes as the API sends them (docs/product.md §3, snake_case). Shared with the web app, so they
 * use zod/mini (tree-shakeable: the shopper downloads only what it parses). This folder imports
 * zod only, never drizzle or server code.
 */
/**
 * The furthest a product's `sort_order` may be from 0 (docs/decisions/0032-bounded-inputs.md):
 * far more positions than a shop has products, and far inside JavaScript's safe integers, so no
 * reorder arithmetic loses precision and every stored value reads back.
 */
export const sortOrderLimit = 1_000_000_000;

/**
 * The optional English twins of the shop's main (Turkish) texts (ADR 0087): `name_en` beside
 * `name`, and so on; empty: no English text, so an English page shows the Turkish one. Read as
 * empty when absent: a page or a device's copy made before the fields existed.
 */
function englishTexts<const Field extends string>(...fields: Field[]) {
  return Object.fromEntries(fields.map((field) => [`${field}_en`, z._default(z.string(), "")])) as {
    [F in Field as `${F}_en`]: z.ZodMiniDefault<z.ZodMiniString<string>>;
  };
}

export const productSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  long_description: z.string(),
  ...englishTexts("name", "short_description", "description", "long_description"),
  category_id: z.nullable(z.number().check(z.int())),
  images: z.array(z.string()),
  etsy_link: z.string(),
  /**
   * The temperaments the product suits, each once, in the canonical order (sanguine, choleric,
   * melancholic, phlegmatic); empty: for everyone (docs/decisions/0048-product-temperaments.md).
   * Read as empty when absent: a page or a device's copy made before the field existed.
   */
  temperaments: z._default(z.array(temperamentSchema), () => []),
  sort_order: z.number().check(z.int()),
  version: z.number().check(z.int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  description: z.string(),
  ...englishTexts("name", "description"),
  version: z.number().check(z.int()),
  created_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const surveyQuestionSchema = z.object({
  id: z.number().check(z.int()),
  question: z.string(),
  options: z.array(z.string()),
  order: z.number().check(z.int()),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/**
 * An id as a path or query string spells it: decimal digits without a sign, a leading zero or
 * spaces, up to JavaScript's largest safe integer. `Number()` alone would also read "0x10" as 16,
 * "1e1" as 10 and " 1" as 1, so one row would answer to many addresses.
 */
const positiveId = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.regex(/^[1-9][0-9]{0,15}$/, { error: message })),
    z.pipe(
      z.transform((id: string) => Number(id)),
      z.int({ error: message }),
    ),
  );

/**
 * `?category_id=` and `?temperament=` on GET /api/products: each filters the list, together
 * they filter by both. A temperament is one of the four names, spelled exactly.
 */
export const productListQuerySchema = z.object({
  category_id: z.optional(positiveId("must be a category id")),
  temperament: z.optional(z.enum(temperaments, { error: temperamentError })),
});

/** `:id` path parameters of catalogue rows. */
export const idParamSchema = z.object({
  id: positiveId("must be a positive whole number"),
});
