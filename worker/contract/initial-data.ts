import * as z from "zod/mini";
import { categorySchema, productSchema } from "./catalogue.ts";
import { temperamentSchema } from "./temperaments.ts";

/**
 * Catalogue data the server writes into the page it serves for `/`, `/products` and
 * `/products/:id`, so the first render needs no API round trip (docs/architecture.md §7: shared links
 * preview the product; issue 3: content painted early on phones). Embedded as
 * `<script type="application/json" id="initial-data">`, which the CSP allows: it never runs.
 */
export const initialDataSchema = z.object({
  categories: z.optional(z.array(categorySchema)),
  /**
   * The `/products` page's first products in display order (of its `?category=`, when that
   * names a category, and of its `?temperament=`) and how many the list has in all: the first
   * screenful, not the catalogue (docs/architecture.md §7: the device holds the rest, so the page does not
   * grow with the shop).
   */
  productList: z.optional(
    z.object({
      category_id: z.nullable(z.number()),
      /** Absent: every temperament (a page from before the filter, too). */
      temperament: z.optional(temperamentSchema),
      products: z.array(productSchema),
      total: z.number(),
    }),
  ),
  /** The first products in display order, all the home page shows (not the whole list). */
  featured: z.optional(z.array(productSchema)),
  /** The product of `/products/:id`; null when it does not exist. */
  product: z.optional(z.nullable(productSchema)),
});
export type InitialData = z.infer<typeof initialDataSchema>;

export const initialDataElementId = "initial-data";

/** docs/product.md §9: the home page features the first 3 products, in display order. */
export const featuredProductCount = 3;

/**
 * Products the `/products` page shows at first, and adds as the shopper scrolls: four rows of
 * three on a desktop, more than a phone's screen.
 */
export const productsPageSize = 12;
