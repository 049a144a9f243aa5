import Dexie, { type EntityTable } from "dexie";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";

/** A row as stored: the API's object and its place in the API's display order. */
export type Stored<T> = T & { position: number };

/** What the server last said about one list: its ETag and when it said it. */
export type SyncRecord = { list: "products" | "categories"; etag: string; checkedAt: number };

export const catalogueDbName = "dogal-yasam-catalogue";

/**
 * The device's copy of the catalogue (DESIGN.md §7): every product and category as the API last
 * sent them, so every screen can show the shop without a network. It is a copy of the server's
 * data, never the only one: a layout this code cannot upgrade is thrown away and rebuilt from
 * the API. A new layout gets a new `version(n)` whose upgrade clears the lists.
 */
export class CatalogueDatabase extends Dexie {
  /**
   * With each product, its folded search text (product-search.ts): the shop opens searchable
   * without folding a thousand descriptions again. Rows stored before it existed have none.
   */
  products!: EntityTable<Stored<Product> & { searchText?: string }, "id">;
  categories!: EntityTable<Stored<Category>, "id">;
  sync!: EntityTable<SyncRecord, "list">;

  constructor() {
    super(catalogueDbName);
    this.version(1).stores({ products: "id, position", categories: "id, position", sync: "list" });
  }
}

/**
 * Opens the device's catalogue, or gives undefined where there is none to open (IndexedDB
 * missing or refused, as in some private windows): the app then keeps the catalogue in memory.
 */
export async function openCatalogueDatabase(): Promise<CatalogueDatabase | undefined> {
  if (typeof indexedDB === "undefined") return undefined;
  const db = new CatalogueDatabase();
  try {
    await db.open();
    return db;
  } catch (error) {
    db.close();
    // A database a newer build of the app left behind: its tab may still use it, so it stays.
    if (error instanceof Dexie.VersionError) return undefined;
  }
  // An older layout Dexie cannot upgrade in place (a changed primary key, a damaged store): the
  // copy is rebuilt from the API.
  try {
    await Dexie.delete(catalogueDbName);
    const fresh = new CatalogueDatabase();
    await fresh.open();
    return fresh;
  } catch {
    return undefined;
  }
}

const inPosition = <T>(rows: Stored<T>[]): T[] => rows.map(({ position: _position, ...row }) => row as T);

/**
 * The stored lists in display order, what the server last said of each, and each product's
 * folded search text in the same order (undefined for a row stored without one).
 */
export async function readCatalogue(db: CatalogueDatabase) {
  return db.transaction("r", db.products, db.categories, db.sync, async () => {
    const [rows, categories, sync] = await Promise.all([
      db.products.orderBy("position").toArray(),
      db.categories.orderBy("position").toArray(),
      db.sync.toArray(),
    ]);
    return {
      products: rows.map(({ position: _position, searchText: _searchText, ...product }) => product as Product),
      searchTexts: rows.map((row) => row.searchText),
      categories: inPosition<Category>(categories),
      sync: new Map(sync.map((record) => [record.list, record])),
    };
  });
}

/**
 * Replaces a stored list with the server's, with its ETag, in one transaction: a product the
 * server no longer has is gone from the device with it, and a reader never sees half a list.
 * Products are stored with their search text.
 */
export async function storeList(
  db: CatalogueDatabase,
  list: "products" | "categories",
  rows: readonly (Category | (Product & { searchText: string }))[],
  etag: string | null,
): Promise<void> {
  const table = list === "products" ? db.products : db.categories;
  await db.transaction("rw", table, db.sync, async () => {
    await table.clear();
    await (table as EntityTable<Stored<Product | Category>, "id">).bulkPut(
      rows.map((row, position) => ({ ...row, position })),
    );
    if (etag) await db.sync.put({ list, etag, checkedAt: Date.now() });
    else await db.sync.delete(list);
  });
}

/** Notes that the server confirmed a stored list (a 304 to its ETag) just now. */
export async function confirmList(db: CatalogueDatabase, list: "products" | "categories"): Promise<void> {
  await db.sync.update(list, { checkedAt: Date.now() });
}
