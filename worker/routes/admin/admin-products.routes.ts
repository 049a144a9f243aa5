import { Hono } from "hono";
import {
  createProduct,
  deleteProduct,
  expectedVersion,
  reorderProducts,
  updateProduct,
} from "../../admin/catalogue-writes.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { productInputSchema, reorderSchema } from "../../contract/admin.ts";
import type { Product } from "../../contract/catalogue.ts";
import { idParamSchema } from "../../contract/catalogue.ts";
import { idempotent } from "../../lib/idempotency.ts";
import { validate } from "../../lib/validate.ts";

const noStore = { "Cache-Control": "no-store" };

/** SPEC §7's product writes, each idempotent under `Idempotency-Key` and guarded by `If-Match`. */
export const adminProductRoutes = new Hono<SignedInEnv>()
  .use(idempotent())
  .post("/", validate("json", productInputSchema), async (c) => {
    const product = await createProduct(c.var.db, c.req.valid("json"), c.var.clock.now());
    return c.json(product satisfies Product, 201, { ...noStore, ETag: `"${product.version}"` });
  })
  // Before "/:id", so "reorder" is never read as an id.
  .post("/reorder", validate("json", reorderSchema), async (c) => {
    const { reorder_by_ids } = c.req.valid("json");
    await reorderProducts(c.var.db, reorder_by_ids, c.var.clock.now());
    return c.json({ status: "reordered", count: reorder_by_ids.ids.length }, 200, noStore);
  })
  .put("/:id", validate("param", idParamSchema), validate("json", productInputSchema), async (c) => {
    const version = expectedVersion(c.req.header("If-Match"));
    const product = await updateProduct(
      c.var.db,
      c.req.valid("param").id,
      c.req.valid("json"),
      version,
      c.var.clock.now(),
    );
    return c.json(product satisfies Product, 200, { ...noStore, ETag: `"${product.version}"` });
  })
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteProduct(c.var.db, c.req.valid("param").id, expectedVersion(c.req.header("If-Match")));
    return c.body(null, 204);
  });
