import { asc } from "drizzle-orm";
import type { Category } from "../../contract/catalogue.ts";
import type { Database } from "../../db/client.ts";
import { categories } from "../../db/schema.ts";
import { createRouter } from "../../lib/app-env.ts";
import { sendCached } from "../../lib/catalogue-cache.ts";

export const toCategoryDto = (row: typeof categories.$inferSelect): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
  version: row.version,
  created_at: row.createdAt.toISOString(),
});

/** Categories in creation order. */
export async function listCategories(db: Database) {
  const rows = await db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id));
  return rows.map(toCategoryDto);
}

export const categoryRoutes = createRouter().get("/", async (c) =>
  sendCached(c, await c.var.catalogueCache.read(c.var.db, "categories", () => listCategories(c.var.db))),
);
