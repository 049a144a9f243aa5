import { asc } from "drizzle-orm";
import type { Category } from "../../contract/catalogue.ts";
import { categories } from "../../db/schema.ts";
import { createRouter } from "../../lib/app-env.ts";
import { catalogueCaching } from "../../lib/catalogue-cache.ts";

export const toCategoryDto = (row: typeof categories.$inferSelect): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
  version: row.version,
  created_at: row.createdAt.toISOString(),
});

export const categoryRoutes = createRouter()
  .use(...catalogueCaching)
  .get("/", async (c) => {
    const rows = await c.var.db.select().from(categories).orderBy(asc(categories.createdAt), asc(categories.id));
    return c.json(rows.map(toCategoryDto));
  });
