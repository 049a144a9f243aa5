import * as z from "zod/mini";
import { temperamentSchema } from "../../../worker/contract/temperaments.ts";

/**
 * `/products?category=<id>&temperament=<name>` (docs/product.md §2, issue 30). Anything that is not a
 * positive whole number (a typo, a stale bookmark) means "no category", and anything that is not
 * one of the four temperaments "every temperament", instead of an error screen. zod/mini keeps
 * this out of the way of the first page load.
 */
export const productsSearchSchema = z.object({
  category: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
  temperament: z.catch(z.optional(temperamentSchema), undefined),
});

export type ProductsSearch = z.infer<typeof productsSearchSchema>;
