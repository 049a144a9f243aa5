import { asc, eq } from "drizzle-orm";
import type { Category, Product } from "../contract/catalogue.ts";
import type { Database } from "../db/client.ts";
import { categories, products } from "../db/schema.ts";

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

export function toCategoryDto({ id, name, description, version, createdAt }: typeof categories.$inferSelect): Category {
  return { id, name, description, version, created_at: createdAt.toISOString() };
}

/** Products in display order (sort_order, then name): one query, whatever the filter. */
export async function listProducts(db: Database, categoryId?: number): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(categoryId === undefined ? undefined : eq(products.categoryId, categoryId))
    .orderBy(asc(products.sortOrder), asc(products.name), asc(products.id));
  return rows.map(toProductDto);
}

export async function findProduct(db: Database, id: number): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ? toProductDto(row) : null;
}

/** Categories in creation order. */
export async function listCategories(db: Database): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id));
  return rows.map(toCategoryDto);
}
