import { asc, eq } from "drizzle-orm";
import { idParamSchema, productListQuerySchema } from "../../contract/catalogue.ts";
import { products } from "../../db/schema.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { catalogueCaching } from "../../lib/catalogue-cache.ts";
import { validate } from "../../lib/validate.ts";
import { toProductDto } from "./product-dto.ts";

export const productRoutes = createRouter()
  .use(...catalogueCaching)
  .get("/", validate("query", productListQuerySchema), async (c) => {
    const { category_id } = c.req.valid("query");
    const rows = await c.var.db
      .select()
      .from(products)
      .where(category_id === undefined ? undefined : eq(products.categoryId, category_id))
      .orderBy(asc(products.sortOrder), asc(products.name), asc(products.id));
    return c.json(rows.map(toProductDto));
  })
  .get("/:id", validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await c.var.db.select().from(products).where(eq(products.id, id));
    if (!row) throw new ApiError(404, "product_not_found", "This product does not exist or was removed.");
    return c.json(toProductDto(row));
  });
