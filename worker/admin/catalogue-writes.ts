import { and, eq, inArray, sql } from "drizzle-orm";
import {
  safeCategoryColumns,
  safeProductColumns,
  toCategoryDto,
  toProductDto,
} from "../catalogue/catalogue-queries.ts";
import type { CategoryData, ProductData, ReorderData } from "../contract/admin.ts";
import type { Category, Product } from "../contract/catalogue.ts";
import { sanitizeRichText } from "../contract/rich-text.ts";
import type { Database } from "../db/client.ts";
import { categories, products } from "../db/schema.ts";
import { ApiError } from "../lib/api-error.ts";

// The administrator's changes to the catalogue. Every write bumps the row's `version` (for
// If-Match) and, through the database's triggers, the catalogue version that shoppers' caches
// revalidate against.

/** The version an `If-Match` header asks for (`"3"`, `W/"3"` or `3`), or undefined without one. */
export function expectedVersion(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^(?:W\/)?"?(\d{1,16})"?$/.exec(header.trim());
  const version = Number(match?.[1]);
  // Only a version that can exist: a bigger number would reach the database as a float.
  if (!Number.isSafeInteger(version)) {
    throw new ApiError(400, "invalid_request", 'If-Match must be a version, e.g. "3".');
  }
  return version;
}

/** The row with this id, and when `If-Match` named one, at this version. */
const rowAt = (table: typeof products | typeof categories, id: number, version: number | undefined) =>
  and(eq(table.id, id), version === undefined ? undefined : eq(table.version, version));

const stale = (current: Product | Category) =>
  new ApiError(412, "version_conflict", "Someone changed this in the meantime. Here is the current version.", {
    extra: { current },
  });

async function requireCategory(db: Database, id: number): Promise<void> {
  const found = await db.query.categories.findFirst({ columns: { id: true }, where: eq(categories.id, id) });
  if (!found) {
    throw new ApiError(400, "invalid_request", "Invalid category_id: is not a category", {
      fields: { category_id: "is not a category" },
    });
  }
}

function productColumns(input: ProductData) {
  return {
    name: input.name,
    shortDescription: input.short_description,
    // Sanitized before it is stored, so nothing unsafe is ever in the database (DESIGN.md §6).
    longDescription: sanitizeRichText(input.long_description),
    ...(input.description !== undefined ? { description: input.description } : {}),
    categoryId: input.category_id,
    images: input.images,
    etsyLink: input.etsy_link,
    ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
  };
}

export async function createProduct(db: Database, input: ProductData, now: Date): Promise<Product> {
  await requireCategory(db, input.category_id);
  const [row] = await db
    .insert(products)
    .values({ ...productColumns(input), createdAt: now, updatedAt: now })
    .returning(safeProductColumns);
  if (!row) throw new Error("product not inserted");
  return toProductDto(row);
}

export async function updateProduct(
  db: Database,
  id: number,
  input: ProductData,
  version: number | undefined,
  now: Date,
): Promise<Product> {
  await requireCategory(db, input.category_id);
  const [row] = await db
    .update(products)
    .set({ ...productColumns(input), version: sql`${products.version} + 1`, updatedAt: now })
    .where(rowAt(products, id, version))
    .returning(safeProductColumns);
  if (row) return toProductDto(row);
  throw await missingOrStale(db, "product", id);
}

export async function deleteProduct(db: Database, id: number, version: number | undefined): Promise<void> {
  const deleted = await db
    .delete(products)
    .where(rowAt(products, id, version))
    .returning({ id: products.id });
  if (deleted.length === 0) throw await missingOrStale(db, "product", id);
}

export async function createCategory(db: Database, input: CategoryData, now: Date): Promise<Category> {
  const [row] = await db
    .insert(categories)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning(safeCategoryColumns);
  if (!row) throw new Error("category not inserted");
  return toCategoryDto(row);
}

export async function updateCategory(
  db: Database,
  id: number,
  input: CategoryData,
  version: number | undefined,
  now: Date,
): Promise<Category> {
  const [row] = await db
    .update(categories)
    .set({ ...input, version: sql`${categories.version} + 1`, updatedAt: now })
    .where(rowAt(categories, id, version))
    .returning(safeCategoryColumns);
  if (row) return toCategoryDto(row);
  throw await missingOrStale(db, "category", id);
}

/**
 * Deletes an empty category. One with products is refused, so no product is left pointing at a
 * category that is gone (the condition and the delete are one statement).
 */
export async function deleteCategory(db: Database, id: number, version: number | undefined): Promise<void> {
  const deleted = await db
    .delete(categories)
    .where(
      and(
        rowAt(categories, id, version),
        sql`not exists (select 1 from ${products} where ${products.categoryId} = ${categories.id})`,
      ),
    )
    .returning({ id: categories.id });
  if (deleted.length > 0) return;
  const count = await db.$count(products, eq(products.categoryId, id));
  if (count > 0 && (await db.query.categories.findFirst({ where: eq(categories.id, id) }))) {
    throw new ApiError(
      409,
      "category_not_empty",
      `This category still has ${count} product${count === 1 ? "" : "s"}. Move or delete them first.`,
    );
  }
  throw await missingOrStale(db, "category", id);
}

/**
 * SPEC §9's reorder: `sort_order` = start_from, start_from + step, … in the order of `ids`, in
 * one statement, so it applies entirely or not at all. Every id must be a product (of the
 * category, when one is given).
 */
export async function reorderProducts(db: Database, request: ReorderData, now: Date): Promise<void> {
  const { ids, start_from, step, category_id } = request;
  const found = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, ids));
  const known = new Map(found.map((p) => [p.id, p.categoryId]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ApiError(400, "invalid_request", `Unknown product ids: ${unknown.slice(0, 10).join(", ")}.`, {
      fields: { "reorder_by_ids.ids": "must be product ids" },
    });
  }
  if (category_id !== undefined) {
    const outside = ids.filter((id) => known.get(id) !== category_id);
    if (outside.length > 0) {
      throw new ApiError(
        400,
        "invalid_request",
        `Products not in category ${category_id}: ${outside.slice(0, 10).join(", ")}.`,
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
  await db
    .update(products)
    .set({
      sortOrder: sql`case ${products.id} ${positions} end`,
      version: sql`${products.version} + 1`,
      updatedAt: now,
    })
    .where(inArray(products.id, ids));
}

async function missingOrStale(db: Database, kind: "product" | "category", id: number): Promise<ApiError> {
  const [row] =
    kind === "product"
      ? (await db.select(safeProductColumns).from(products).where(eq(products.id, id))).map(toProductDto)
      : (await db.select(safeCategoryColumns).from(categories).where(eq(categories.id, id))).map(toCategoryDto);
  if (row) return stale(row);
  return kind === "product"
    ? new ApiError(404, "product_not_found", "This product does not exist or was removed.")
    : new ApiError(404, "category_not_found", "This category does not exist or was removed.");
}
