import * as z from "zod/mini";
import { readCatalogue, sendCached } from "../../catalogue/catalogue-reads.ts";
import { idParamSchema, productListQuerySchema, productSchema } from "../../contract/catalogue.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { validate } from "../../lib/validate.ts";
import { describeRoute } from "../../openapi/describe-route.ts";

export const productRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "The catalogue's products, optionally by category and temperament",
      access: "public",
      ok: { 200: z.array(productSchema), 304: null },
      errors: [400],
    }),
    validate("query", productListQuerySchema),
    async (c) => {
      const { category_id, temperament } = c.req.valid("query");
      return sendCached(c, await (await readCatalogue(c)).products({ categoryId: category_id, temperament }));
    },
  )
  .get(
    "/:id",
    describeRoute({
      summary: "One product",
      access: "public",
      ok: { 200: productSchema, 304: null },
      errors: [400, 404],
    }),
    validate("param", idParamSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const read = await (await readCatalogue(c)).product(id);
      const product = read.data;
      if (!product) throw new ApiError(404, "product_not_found", (t) => t.api_product_not_found);
      return sendCached(c, { ...read, data: product });
    },
  );
