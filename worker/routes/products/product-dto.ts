import type { Product } from "../../contract/catalogue.ts";
import type { products } from "../../db/schema.ts";

/** A stored product as the API sends it (SPEC §3 names; `images` is always a list). */
export function toProductDto(row: typeof products.$inferSelect): Product {
  return {
    id: row.id,
    name: row.name,
    short_description: row.shortDescription,
    description: row.description,
    long_description: row.longDescription,
    category_id: row.categoryId,
    images: Array.isArray(row.images) ? row.images : typeof row.images === "string" ? [row.images] : [],
    etsy_link: row.etsyLink,
    sort_order: row.sortOrder,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
