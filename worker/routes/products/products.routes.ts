import { idParamSchema, productListQuerySchema } from "../../contract/catalogue.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { sendCached } from "../../lib/catalogue-cache.ts";
import { validate } from "../../lib/validate.ts";
import { findProduct, listProducts } from "./product-queries.ts";

export const productRoutes = createRouter()
  .get("/", validate("query", productListQuerySchema), async (c) => {
    const { category_id } = c.req.valid("query");
    const entry = await c.var.catalogueCache.read(c.var.db, `products-${category_id ?? "all"}`, () =>
      listProducts(c.var.db, category_id),
    );
    return sendCached(c, entry);
  })
  .get("/:id", validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const entry = await c.var.catalogueCache.read(c.var.db, `product-${id}`, () => findProduct(c.var.db, id));
    const product = entry.data;
    if (!product) throw new ApiError(404, "product_not_found", "This product does not exist or was removed.");
    return sendCached(c, { ...entry, data: product });
  });
