import * as z from "zod/mini";

/**
 * `/products?category=<id>` (SPEC §2). Anything that is not a positive whole number (a typo,
 * a stale bookmark) means "no category" instead of an error screen. zod/mini keeps this out of
 * the way of the first page load.
 */
export const productsSearchSchema = z.object({
  category: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
});

export type ProductsSearch = z.infer<typeof productsSearchSchema>;
