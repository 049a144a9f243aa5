import { seedProducts } from "../../drizzle/seed/catalogue.ts";
import type { Database } from "../../worker/db/client.ts";
import { products } from "../../worker/db/schema.ts";

/**
 * Tops a seeded catalogue up to `total` products with copies of the seeded ones (plain batched
 * inserts), so that pages and payloads carry realistic texts at a realistic size. Returns the
 * number of products there are afterwards.
 */
export async function topUpCatalogue(db: Database, total: number): Promise<number> {
  const count = await db.$count(products);
  const rows: (typeof products.$inferInsert)[] = [];
  for (let n = count; n < total; n++) {
    const p = seedProducts[n % seedProducts.length];
    if (!p) break;
    const copy = Math.floor(n / seedProducts.length);
    rows.push({
      name: `${p.name} ${copy}`,
      shortDescription: p.short_description,
      description: p.description,
      longDescription: p.long_description,
      categoryId: p.category_id,
      images: p.images,
      etsyLink: `${p.etsy_link}-${copy}`,
      sortOrder: p.sort_order + copy,
    });
  }
  for (let i = 0; i < rows.length; i += 100) {
    await db.insert(products).values(rows.slice(i, i + 100));
  }
  return db.$count(products);
}
