import { Hono } from "hono";
import * as z from "zod/mini";
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
import { categorySchema, idParamSchema, productSchema } from "../../contract/catalogue.ts";
import type { Transaction } from "../../db/client.ts";
import { idempotent, type WriteEnv } from "../../lib/idempotency.ts";
import { validate } from "../../lib/validate.ts";
import { describeRoute, type RequestHeader, type RouteDescription } from "../../openapi/describe-route.ts";

const noStore = { "Cache-Control": "no-store" };

/** The header every admin write reads (the photo upload's too). */
export const idempotencyKey: RequestHeader = {
  name: "Idempotency-Key",
  description:
    "1 to 200 characters, made anew for each change: the same request sent again gets the first answer back, with `Idempotent-Replayed: true`, for 30 days (docs/decisions/0044-exactly-once-admin-writes.md). An empty or longer key is refused with 400; the key with another body or If-Match with 422 (docs/decisions/0066-idempotency-keys-name-one-request.md).",
  schema: { type: "string", minLength: 1, maxLength: 200 },
};
const ifMatch: RequestHeader = {
  name: "If-Match",
  description: "The row's version as an ETag; a stale one is refused with 412.",
};

/** One kind of catalogue row's writes (catalogue-writes.ts), each in the request's transaction. */
type Writes<Input, Row> = {
  create(tx: Transaction, input: Input, now: Date): Promise<Row>;
  update(tx: Transaction, at: RowAt, input: Input, now: Date): Promise<Row>;
  remove(tx: Transaction, at: RowAt): Promise<void>;
};

/** The row a PUT or DELETE names: `/:id`, at the version of its `If-Match`. */
const rowNamed = (id: number, ifMatch: string | undefined): RowAt => ({ id, version: expectedVersion(ifMatch) });

/** How /api/openapi.json names one kind of row's writes, and the row they answer with. */
type Summaries = { row: $ZodType; create: string; update: string; remove: string };

/**
 * docs/product.md §7's writes of one kind of catalogue row: POST a new one, PUT and DELETE one by id. Each is
 * one transaction, idempotent under `Idempotency-Key`; PUT and DELETE are guarded by `If-Match`,
 * and a written row's version is its ETag. The caller names the writes for the description.
 */
function catalogueWriteRoutes<Schema extends $ZodType, Row extends { version: number }>(
  schema: Schema,
  writes: Writes<output<Schema>, Row>,
  described: Summaries,
) {
  // A PUT or DELETE names a row at a version: a stale one is answered 412 with the row as it is.
  const onARow: Pick<RouteDescription, "access" | "errors" | "current" | "headers"> = {
    access: "admin",
    errors: [400, 404, 409, 412, 422, 428],
    current: described.row,
    headers: [idempotencyKey, ifMatch],
  };
  return new Hono<WriteEnv>()
    .use(idempotent())
    .post(
      "/",
      describeRoute({
        summary: described.create,
        access: "admin",
        ok: { 201: described.row },
        errors: [400, 409, 422],
        headers: [idempotencyKey],
      }),
      validate("json", schema),
      async (c) => {
        const row = await writes.create(c.var.tx, c.req.valid("json"), c.var.clock.now());
        return c.json(row, 201, { ...noStore, ETag: `"${row.version}"` });
      },
    )
    .put(
      "/:id",
      describeRoute({ summary: described.update, ok: { 200: described.row }, ...onARow }),
      validate("param", idParamSchema),
      validate("json", schema),
      async (c) => {
        const at = rowNamed(c.req.valid("param").id, c.req.header("If-Match"));
        const row = await writes.update(c.var.tx, at, c.req.valid("json"), c.var.clock.now());
        return c.json(row, 200, { ...noStore, ETag: `"${row.version}"` });
      },
    )
    .delete(
      "/:id",
      describeRoute({ summary: described.remove, ok: { 204: null }, ...onARow }),
      validate("param", idParamSchema),
      async (c) => {
        await writes.remove(c.var.tx, rowNamed(c.req.valid("param").id, c.req.header("If-Match")));
        return c.body(null, 204);
      },
    );
}

export const adminProductRoutes = catalogueWriteRoutes<typeof productInputSchema, Product>(
  productInputSchema,
  { create: createProduct, update: updateProduct, remove: deleteProduct },
  { row: productSchema, create: "Create a product", update: "Update a product", remove: "Delete a product" },
)
  // docs/product.md §9: the order of many products in one write.
  .post(
    "/reorder",
    describeRoute({
      summary: "Set the order of many products in one write",
      access: "admin",
      ok: { 200: z.object({ status: z.literal("reordered"), count: z.number() }) },
      errors: [400, 404, 409, 412, 422],
      current: z.array(z.number()),
      headers: [idempotencyKey],
    }),
    validate("json", reorderSchema),
    async (c) => {
      const { reorder_by_ids } = c.req.valid("json");
      await reorderProducts(c.var.tx, reorder_by_ids, c.var.clock.now());
      return c.json({ status: "reordered", count: reorder_by_ids.ids.length }, 200, noStore);
    },
  );

export const adminCategoryRoutes = catalogueWriteRoutes<typeof categoryInputSchema, Category>(
  categoryInputSchema,
  { create: createCategory, update: updateCategory, remove: deleteCategory },
  { row: categorySchema, create: "Create a category", update: "Update a category", remove: "Delete a category" },
);
