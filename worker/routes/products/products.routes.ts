import { idParamSchema, productListQuerySchema } from "../../contract/catalogue.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { catalogueCaching } from "../../lib/catalogue-cache.ts";
import { validate } from "../../lib/validate.ts";
import { findProduct, listProducts } from "./product-queries.ts";

export const productRoutes = createRouter()
  .use(...catalogueCaching)
  .get("/", validate("query", productListQuerySchema), async (c) => {
    const { category_id } = c.req.valid("query");
    return c.json(await listProducts(c.var.db, category_id));
  })
  .get("/:id", validate("param", idParamSchema), async (c) => {
    const product = await findProduct(c.var.db, c.req.valid("param").id);
    if (!product)
      throw new ApiError(404, "product_not_found", "This product does not exist or was removed.");
    return c.json(product);
  });
