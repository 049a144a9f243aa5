import type { Database } from "../../worker/db/client.ts";
import { categories, products } from "../../worker/db/schema.ts";

let sequence = 0;
const next = () => ++sequence;

/** Small builders: each test makes the rows it needs and says only what matters to it. */
export async function createCategory(db: Database, fields: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Kategori ${n}`, description: `Açıklama ${n}`, ...fields })
    .returning();
  if (!row) throw new Error("category not inserted");
  return row;
}

export async function createProduct(db: Database, fields: Partial<typeof products.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: `Ürün ${n}`,
      shortDescription: `Kısa açıklama ${n}`,
      description: `Açıklama ${n}`,
      longDescription: `<p>Uzun açıklama ${n}</p>`,
      images: [`/images/products/urun-${n}.svg`],
      etsyLink: `https://www.etsy.com/listing/${100000000 + n}/urun-${n}`,
      sortOrder: 0,
      ...fields,
    })
    .returning();
  if (!row) throw new Error("product not inserted");
  return row;
}
