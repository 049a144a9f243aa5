import { Hono } from "hono";
import type { $ZodType, output } from "zod/v4/core";
import {
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  expectedVersion,
  type RowAt,
  reorderProducts,
  updateCategory,
  updateProduct,
} from "../../catalogue/catalogue-writes.ts";
import { categoryInputSchema, productInputSchema, reorderSchema } from "../../contract/admin.ts";
import type { Category, Product } from "../../contract/catalogue.ts";
import { idParamSchema } from "../../contract/catalogue.ts";
import type { Transaction } from "../../db/client.ts";
import { idempotent, type WriteEnv } from "../../lib/idempotency.ts";
import { validate } from "../../lib/validate.ts";

const noStore = { "Cache-Control": "no-store" };

/** One kind of catalogue row's writes (catalogue-writes.ts), each in the request's transaction. */
type Writes<Input, Row> = {
  create(tx: Transaction, input: Input, now: Date): Promise<Row>;
  update(tx: Transaction, at: RowAt, input: Input, now: Date): Promise<Row>;
  remove(tx: Transaction, at: RowAt): Promise<void>;
};

/** The row a PUT or DELETE names: `/:id`, at the version of its `If-Match`. */
const rowNamed = (id: number, ifMatch: string | undefined): RowAt => ({ id, version: expectedVersion(ifMatch) });

/**
 * docs/product.md §7's writes of one kind of catalogue row: POST a new one, PUT and DELETE one by id. Each is
 * one transaction, idempotent under `Idempotency-Key`; PUT and DELETE are guarded by `If-Match`,
 * and a written row's version is its ETag.
 */
function catalogueWriteRoutes<Schema extends $ZodType, Row extends { version: number }>(
  schema: Schema,
  writes: Writes<output<Schema>, Row>,
) {
  return new Hono<WriteEnv>()
    .use(idempotent())
    .post("/", validate("json", schema), async (c) => {
      const row = await writes.create(c.var.tx, c.req.valid("json"), c.var.clock.now());
      return c.json(row, 201, { ...noStore, ETag: `"${row.version}"` });
    })
    .put("/:id", validate("param", idParamSchema), validate("json", schema), async (c) => {
      const at = rowNamed(c.req.valid("param").id, c.req.header("If-Match"));
      const row = await writes.update(c.var.tx, at, c.req.valid("json"), c.var.clock.now());
      return c.json(row, 200, { ...noStore, ETag: `"${row.version}"` });
    })
    .delete("/:id", validate("param", idParamSchema), async (c) => {
      await writes.remove(c.var.tx, rowNamed(c.req.valid("param").id, c.req.header("If-Match")));
      return c.body(null, 204);
    });
}

export const adminProductRoutes = catalogueWriteRoutes<typeof productInputSchema, Product>(productInputSchema, {
  create: createProduct,
  update: updateProduct,
  remove: deleteProduct,
})
  // docs/product.md §9: the order of many products in one write.
  .post("/reorder", validate("json", reorderSchema), async (c) => {
    const { reorder_by_ids } = c.req.valid("json");
    await reorderProducts(c.var.tx, reorder_by_ids, c.var.clock.now());
    return c.json({ status: "reordered", count: reorder_by_ids.ids.length }, 200, noStore);
  });

export const adminCategoryRoutes = catalogueWriteRoutes<typeof categoryInputSchema, Category>(categoryInputSchema, {
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
});
