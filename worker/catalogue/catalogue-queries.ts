import { and, asc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Category, type Product, sortOrderLimit } from "../contract/catalogue.ts";
import { byDisplayOrder } from "../contract/display-order.ts";
import { inTemperamentOrder, type Temperament } from "../contract/temperaments.ts";
import type { Database, Transaction } from "../db/client.ts";
import { categories, products } from "../db/schema.ts";

/*
 * Catalogue rows are read so that no stored value can fail the read. libSQL refuses to hand an
 * integer beyond JavaScript's safe range to JavaScript, failing the whole query, and drizzle
 * fails on an `images` value that is not JSON: one row left so by another writer (an older
 * version, a script, a hand edit) would otherwise take the catalogue down for everyone
 * (issue 26, docs/decisions/0032-bounded-inputs.md). So the database clamps the numbers into
 * the range they are written in, and rows are still ordered by the stored values. Ids are left
 * as they are: SQLite assigns them, and a row's id must never read as another row's.
 */

/** The column's integer, clamped into [min, max] by the database itself. */
const clamped = <Column extends SQLiteColumn>(column: Column, min: number, max: number) =>
  sql`cast(max(${sql.raw(String(min))}, min(${sql.raw(String(max))}, ${column})) as integer)`.mapWith(column);

/** JavaScript's Date range, in milliseconds either side of 1970. */
const maxTime = 8_640_000_000_000_000;
const maxSafe = Number.MAX_SAFE_INTEGER;

/**
 * A product's temperaments as a JSON list, whatever is stored: anything but a JSON array (text
 * another writer left, a single name, an object) reads as the empty list. The filter reads the
 * column through the same expression, so it lists exactly the products whose read shows the
 * temperament.
 */
const temperamentList = sql`(case when json_valid(${products.temperaments}) and json_type(${products.temperaments}) = 'array' then ${products.temperaments} else '[]' end)`;

/** Every product column, each read as above; for every select and `returning` of products. */
export const safeProductColumns = {
  ...getTableColumns(products),
  sortOrder: clamped(products.sortOrder, -sortOrderLimit, sortOrderLimit),
  version: clamped(products.version, -maxSafe, maxSafe),
  createdAt: clamped(products.createdAt, -maxTime, maxTime),
  updatedAt: clamped(products.updatedAt, -maxTime, maxTime),
  // An older writer's single address, stored as plain text, is read as that one address.
  images:
    sql<unknown>`case when json_valid(${products.images}) then ${products.images} else json_quote(${products.images}) end`.mapWith(
      products.images,
    ),
  temperaments: sql<unknown>`${temperamentList}`.mapWith(products.temperaments),
};

/** Every category column, read as above. */
export const safeCategoryColumns = {
  ...getTableColumns(categories),
  version: clamped(categories.version, -maxSafe, maxSafe),
  createdAt: clamped(categories.createdAt, -maxTime, maxTime),
  updatedAt: clamped(categories.updatedAt, -maxTime, maxTime),
};

type ProductRow = Omit<typeof products.$inferSelect, "images" | "temperaments"> & {
  images: unknown;
  temperaments: unknown;
};

/** A stored product as the API sends it (docs/product.md §3 names; `images` is always a list of addresses). */
export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    short_description: row.shortDescription,
    description: row.description,
    long_description: row.longDescription,
    name_en: row.nameEn,
    short_description_en: row.shortDescriptionEn,
    description_en: row.descriptionEn,
    long_description_en: row.longDescriptionEn,
    category_id: row.categoryId,
    images: (Array.isArray(row.images) ? row.images : [row.images]).filter(
      (image): image is string => typeof image === "string",
    ),
    etsy_link: row.etsyLink,
    // Known names only, once each, in the canonical order, however the row was written.
    temperaments: Array.isArray(row.temperaments) ? inTemperamentOrder(row.temperaments) : [],
    sort_order: row.sortOrder,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toCategoryDto(row: typeof categories.$inferSelect): Category {
  const { id, name, description, nameEn, descriptionEn, version, createdAt } = row;
  return {
    id,
    name,
    description,
    name_en: nameEn,
    description_en: descriptionEn,
    version,
    created_at: createdAt.toISOString(),
  };
}

/** What GET /api/products filters by: a category, a temperament, both, or neither. */
export type ProductFilter = { categoryId?: number | undefined; temperament?: Temperament | undefined };

/** The products that suit `temperament` (among its stored ones, read as the API reads them). */
const suits = (temperament: Temperament): SQL =>
  sql`exists (select 1 from json_each(${temperamentList}) where json_each.value = ${temperament})`;

/** Products in display order (ADR 0098): one query, whatever the filter (in a transaction too: the result e-mail's). */
export async function listProducts(
  db: Database | Transaction,
  { categoryId, temperament }: ProductFilter = {},
): Promise<Product[]> {
  const rows = await db
    .select(safeProductColumns)
    .from(products)
    .where(
      and(
        categoryId === undefined ? undefined : eq(products.categoryId, categoryId),
        temperament === undefined ? undefined : suits(temperament),
      ),
    );
  return rows.map(toProductDto).sort(byDisplayOrder);
}

export async function findProduct(db: Database, id: number): Promise<Product | null> {
  const [row] = await db.select(safeProductColumns).from(products).where(eq(products.id, id));
  return row ? toProductDto(row) : null;
}

/** Categories in creation order. */
export async function listCategories(db: Database): Promise<Category[]> {
  const rows = await db
    .select(safeCategoryColumns)
    .from(categories)
    .orderBy(asc(categories.createdAt), asc(categories.id));
  return rows.map(toCategoryDto);
}
