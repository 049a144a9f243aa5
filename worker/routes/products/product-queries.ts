import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema.ts";
import { toProductDto } from "./product-dto.ts";

/** Products in display order (sort_order, then name): one query, whatever the filter. */
export async function listProducts(db: Database, categoryId?: number) {
  const rows = await db
    .select()
    .from(products)
    .where(categoryId === undefined ? undefined : eq(products.categoryId, categoryId))
    .orderBy(asc(products.sortOrder), asc(products.name), asc(products.id));
  return rows.map(toProductDto);
}

export async function findProduct(db: Database, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ? toProductDto(row) : null;
}
