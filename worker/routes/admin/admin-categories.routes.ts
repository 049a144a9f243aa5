import { Hono } from "hono";
import { createCategory, deleteCategory, expectedVersion, updateCategory } from "../../admin/catalogue-writes.ts";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { categoryInputSchema } from "../../contract/admin.ts";
import type { Category } from "../../contract/catalogue.ts";
import { idParamSchema } from "../../contract/catalogue.ts";
import { idempotent } from "../../lib/idempotency.ts";
import { validate } from "../../lib/validate.ts";

const noStore = { "Cache-Control": "no-store" };

/** SPEC §7's category writes, each idempotent under `Idempotency-Key` and guarded by `If-Match`. */
export const adminCategoryRoutes = new Hono<SignedInEnv>()
  .use(idempotent())
  .post("/", validate("json", categoryInputSchema), async (c) => {
    const category = await createCategory(c.var.db, c.req.valid("json"), c.var.clock.now());
    return c.json(category satisfies Category, 201, { ...noStore, ETag: `"${category.version}"` });
  })
  .put("/:id", validate("param", idParamSchema), validate("json", categoryInputSchema), async (c) => {
    const version = expectedVersion(c.req.header("If-Match"));
    const category = await updateCategory(
      c.var.db,
      c.req.valid("param").id,
      c.req.valid("json"),
      version,
      c.var.clock.now(),
    );
    return c.json(category satisfies Category, 200, { ...noStore, ETag: `"${category.version}"` });
  })
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    await deleteCategory(c.var.db, c.req.valid("param").id, expectedVersion(c.req.header("If-Match")));
    return c.body(null, 204);
  });
