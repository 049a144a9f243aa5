import * as z from "zod/mini";
import { categorySchema, productSchema } from "./catalogue.ts";

/**
 * Catalogue data the server writes into the page it serves for `/`, `/products` and
 * `/products/:id`, so the first render needs no API round trip (DESIGN.md §7: shared links
 * preview the product; issue 3: content painted early on phones). Embedded as
 * `<script type="application/json" id="initial-data">`, which the CSP allows: it never runs.
 */
export const initialDataSchema = z.object({
  categories: z.optional(z.array(categorySchema)),
  /** Every product, in display order (for `/products`). */
  products: z.optional(z.array(productSchema)),
  /** The first products in display order, all the home page shows (not the whole list). */
  featured: z.optional(z.array(productSchema)),
  /** The product of `/products/:id`; null when it does not exist. */
  product: z.optional(z.nullable(productSchema)),
});
export type InitialData = z.infer<typeof initialDataSchema>;

export const initialDataElementId = "initial-data";

/** SPEC §9: the home page features the first 3 products, in display order. */
export const featuredProductCount = 3;
