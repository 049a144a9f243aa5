import { and, eq, inArray, sql } from "drizzle-orm";
import type { CategoryData, ProductData, ReorderData } from "../contract/admin.ts";
import type { Category, Product } from "../contract/catalogue.ts";
import { byDisplayOrder } from "../contract/display-order.ts";
import { sanitizeRichText } from "../contract/rich-text.ts";
import type { Transaction } from "../db/client.ts";
import { categories, products } from "../db/schema.ts";
import { ApiError } from "../lib/api-error.ts";
import { safeCategoryColumns, safeProductColumns, toCategoryDto, toProductDto } from "./catalogue-queries.ts";

// The administrator's changes to the catalogue, each inside the request's write transaction
// (worker/lib/idempotency.ts), so its checks and its writes are one. Every write bumps the row's
// `version` (for If-Match) and, through the database's triggers, the catalogue version that
// shoppers' caches revalidate against.

/** The version an `If-Match` header asks for (`"3"`, `W/"3"` or `3`), or undefined without one. */
export function expectedVersion(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^(?:W\/)?"?(\d{1,16})"?$/.exec(header.trim());
  const version = Number(match?.[1]);
  // Only a version that can exist: a bigger number would reach the database as a float.
  if (!Number.isSafeInteger(version)) {
    throw new ApiError(400, "invalid_request", (t) => t.api_if_match_not_version);
  }
  return version;
}

/** The row a PUT or DELETE names: its id, and the version its `If-Match` asks for (if any). */
export type RowAt = { id: number; version: number | undefined };

/** The row with this id, and when `If-Match` named one, at this version. */
const rowAt = (table: typeof products | typeof categories, { id, version }: RowAt) =>
  and(eq(table.id, id), version === undefined ? undefined : eq(table.version, version));

/** The one row an `INSERT … RETURNING` wrote (drizzle answers with a list). */
async function inserted<Row>(rows: PromiseLike<Row[]>): Promise<Row> {
  const [row] = await rows;
  if (!row) throw new Error("row not inserted");
  return row;
}

const stale = (current: Product | Category) =>
  new ApiError(412, "version_conflict", (t) => t.api_version_conflict, {
    extra: { current },
  });

async function requireCategory(tx: Transaction, id: number): Promise<void> {
  const found = await tx.query.categories.findFirst({ columns: { id: true }, where: eq(categories.id, id) });
  if (!found) {
    throw new ApiError(400, "invalid_request", (t) => t.api_not_a_category, {
      fields: { category_id: "is not a category" },
    });
  }
}

const categoryExists = (id: number) => sql`exists (select 1 from ${categories} where ${categories.id} = ${id})`;

function productColumns(input: ProductData) {
  return {
    name: input.name,
    shortDescription: input.short_description,
    // Sanitized before it is stored, so nothing unsafe is ever in the database (docs/architecture.md §6).
    longDescription: sanitizeRichText(input.long_description),
    ...(input.description !== undefined ? { description: input.description } : {}),
    categoryId: input.category_id,
    images: input.images,
    etsyLink: input.etsy_link,
    ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
    // Left out, the stored list stays (an older client's PUT); a new row's default is '[]'.
    ...(input.temperaments !== undefined ? { temperaments: input.temperaments } : {}),
    // The English texts (ADR 0087) likewise: left out, the stored ones stay; a new row's are ''.
    ...(input.name_en !== undefined ? { nameEn: input.name_en } : {}),
    ...(input.short_description_en !== undefined ? { shortDescriptionEn: input.short_description_en } : {}),
    ...(input.description_en !== undefined ? { descriptionEn: input.description_en } : {}),
    // Sanitized exactly as `long_description`.
    ...(input.long_description_en !== undefined
      ? { longDescriptionEn: sanitizeRichText(input.long_description_en) }
      : {}),
  };
}

export async function createProduct(tx: Transaction, input: ProductData, now: Date): Promise<Product> {
  await requireCategory(tx, input.category_id);
  const values = { ...productColumns(input), createdAt: now, updatedAt: now };
  return toProductDto(await inserted(tx.insert(products).values(values).returning(safeProductColumns)));
}

export async function updateProduct(tx: Transaction, at: RowAt, input: ProductData, now: Date): Promise<Product> {
  // The category is checked by the update itself, not by a read before it: each statement is a
  // round trip that holds the write lock (ADR 0057). The reads below run only when nothing was
  // updated, in the order the answer is chosen in: the category first, then the product.
  const [row] = await tx
    .update(products)
    .set({ ...productColumns(input), version: sql`${products.version} + 1`, updatedAt: now })
    .where(and(rowAt(products, at), categoryExists(input.category_id)))
    .returning(safeProductColumns);
  if (row) return toProductDto(row);
  await requireCategory(tx, input.category_id);
  throw await missingOrStale(tx, "product", at.id);
}

export async function deleteProduct(tx: Transaction, at: RowAt): Promise<void> {
  const deleted = await tx.delete(products).where(rowAt(products, at)).returning({ id: products.id });
  if (deleted.length === 0) throw await missingOrStale(tx, "product", at.id);
}

/** A category's columns; an English text left out stays as stored (ADR 0087). */
function categoryColumns({ name, description, name_en, description_en }: CategoryData) {
  return {
    name,
    description,
    ...(name_en !== undefined ? { nameEn: name_en } : {}),
    ...(description_en !== undefined ? { descriptionEn: description_en } : {}),
  };
}

export async function createCategory(tx: Transaction, input: CategoryData, now: Date): Promise<Category> {
  const values = { ...categoryColumns(input), createdAt: now, updatedAt: now };
  return toCategoryDto(await inserted(tx.insert(categories).values(values).returning(safeCategoryColumns)));
}

export async function updateCategory(tx: Transaction, at: RowAt, input: CategoryData, now: Date): Promise<Category> {
  const [row] = await tx
    .update(categories)
    .set({ ...categoryColumns(input), version: sql`${categories.version} + 1`, updatedAt: now })
    .where(rowAt(categories, at))
    .returning(safeCategoryColumns);
  if (row) return toCategoryDto(row);
  throw await missingOrStale(tx, "category", at.id);
}

/**
 * Deletes an empty category. One with products is refused, so no product is left pointing at a
 * category that is gone (the condition and the delete are one statement).
 */
export async function deleteCategory(tx: Transaction, at: RowAt): Promise<void> {
  const deleted = await tx
    .delete(categories)
    .where(
      and(
        rowAt(categories, at),
        sql`not exists (select 1 from ${products} where ${products.categoryId} = ${categories.id})`,
      ),
    )
    .returning({ id: categories.id });
  if (deleted.length > 0) return;
  const count = await tx.$count(products, eq(products.categoryId, at.id));
  if (count > 0 && (await tx.query.categories.findFirst({ where: eq(categories.id, at.id) }))) {
    throw new ApiError(409, "category_not_empty", (t) => t.api_category_not_empty({ count }));
  }
  throw await missingOrStale(tx, "category", at.id);
}

/**
 * docs/product.md §9's reorder: `sort_order` = start_from, start_from + step, … in the order of `ids`, in
 * one statement, so it applies entirely or not at all. Every id must be a product (of the
 * category, when one is given).
 *
 * With `based_on`, the order the admin saw (docs/decisions/0045-reorder-based-on-the-order-seen.md):
 * when the shop shows that scope in another order now (a product added, deleted or moved since),
 * nothing is written and the answer is 412 `order_conflict` with the `current` order. The check
 * and the update are in one transaction.
 */
export async function reorderProducts(tx: Transaction, request: ReorderData, now: Date): Promise<void> {
  const { ids, start_from, step, category_id, based_on } = request;
  if (based_on !== undefined) {
    const current = (
      await tx
        .select({ id: products.id, sort_order: safeProductColumns.sortOrder, name: products.name })
        .from(products)
        .where(category_id === undefined ? undefined : eq(products.categoryId, category_id))
    )
      .sort(byDisplayOrder)
      .map((p) => p.id);
    if (current.length !== based_on.length || current.some((id, index) => id !== based_on[index])) {
      throw new ApiError(412, "order_conflict", (t) => t.api_order_conflict, {
        extra: { current },
      });
    }
  }
  const found = await tx
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, ids));
  const known = new Map(found.map((p) => [p.id, p.categoryId]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ApiError(
      400,
      "invalid_request",
      (t) => t.api_unknown_product_ids({ ids: unknown.slice(0, 10).join(", ") }),
      {
        fields: { "reorder_by_ids.ids": "must be product ids" },
      },
    );
  }
  if (category_id !== undefined) {
    const outside = ids.filter((id) => known.get(id) !== category_id);
    if (outside.length > 0) {
      throw new ApiError(
        400,
        "invalid_request",
        (t) => t.api_products_not_in_category({ category: category_id, ids: outside.slice(0, 10).join(", ") }),
        {
          fields: { "reorder_by_ids.ids": "must be products of the category" },
        },
      );
    }
  }
  const positions = sql.join(
    ids.map((id, index) => sql`when ${id} then ${start_from + index * step}`),
    sql` `,
  );
  await tx
    .update(products)
    .set({
      sortOrder: sql`case ${products.id} ${positions} end`,
      version: sql`${products.version} + 1`,
      updatedAt: now,
    })
    .where(inArray(products.id, ids));
}

async function missingOrStale(tx: Transaction, kind: "product" | "category", id: number): Promise<ApiError> {
  const [row] =
    kind === "product"
      ? (await tx.select(safeProductColumns).from(products).where(eq(products.id, id))).map(toProductDto)
      : (await tx.select(safeCategoryColumns).from(categories).where(eq(categories.id, id))).map(toCategoryDto);
  if (row) return stale(row);
  return kind === "product"
    ? new ApiError(404, "product_not_found", (t) => t.api_product_not_found)
    : new ApiError(404, "category_not_found", (t) => t.api_category_not_found);
}
