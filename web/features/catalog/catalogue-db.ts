import Dexie, { type Table } from "dexie";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";

/** A product as stored: with its folded search text (product-search.ts), unless stored without. */
export type StoredProduct = Product & { searchText?: string };

/**
 * One list as the API last sent it, in display order. A list is one record: the device reads and
 * replaces a list whole, and one record of a thousand products is read in a fifth of the time of
 * a thousand rows (ADR 0023).
 */
export type StoredList = { list: "products"; rows: StoredProduct[] } | { list: "categories"; rows: Category[] };

/**
 * What the server last said of a list: its ETag and when it last sent or confirmed it. A record
 * of its own, so a 304 rewrites a few bytes, not the list (ADR 0027).
 */
export type ListSync = { list: StoredList["list"]; etag?: string; checkedAt?: number };

export const catalogueDbName = "dogal-yasam-catalogue";

/** Version 1's layout: a row per product and per category, and a table of ETags. */
type RowV1<T> = T & { position: number };
type SyncV1 = { list: "products" | "categories"; etag: string; checkedAt: number };
/** Versions 2 and 3: a list's ETag and check time in its record. */
type StoredListV3 = StoredList & { etag?: string; checkedAt?: number };

/**
 * The device's copy of the catalogue (DESIGN.md §7): every product and category as the API last
 * sent them, so every screen can show the shop without a network. It is a copy of the server's
 * data, never the only one: a layout this code cannot upgrade is thrown away and rebuilt from
 * the API. A new layout gets a new `version(n)` that carries the lists over or clears them.
 */
export class CatalogueDatabase extends Dexie {
  lists!: Table<StoredList, StoredList["list"]>;
  sync!: Table<ListSync, ListSync["list"]>;

  constructor() {
    super(catalogueDbName);
    this.version(1).stores({ products: "id, position", categories: "id, position", sync: "list" });
    // Version 2: each list in one record. The rows of version 1 are carried over, so a shop
    // stored before the update still opens offline.
    this.version(2)
      .stores({ lists: "list" })
      .upgrade(async (tx) => {
        const products = await tx.table<RowV1<StoredProduct>>("products").orderBy("position").toArray();
        const categories = await tx.table<RowV1<Category>>("categories").orderBy("position").toArray();
        const sync = new Map((await tx.table<SyncV1>("sync").toArray()).map((record) => [record.list, record]));
        const lists: StoredListV3[] = [
          { list: "products", rows: products.map(withoutPosition), ...syncOf(sync.get("products")) },
          { list: "categories", rows: categories.map(withoutPosition), ...syncOf(sync.get("categories")) },
        ];
        await tx.table<StoredListV3>("lists").bulkPut(lists.filter((stored) => stored.rows.length > 0));
      });
    this.version(3).stores({ products: null, categories: null, sync: null });
    // Version 4: a list's ETag and check time move to a small record of their own (ADR 0027).
    this.version(4)
      .stores({ sync: "list" })
      .upgrade(async (tx) => {
        const lists = tx.table<StoredListV3>("lists");
        const stored = await lists.toArray();
        await tx
          .table<ListSync>("sync")
          .bulkPut(stored.map(({ list, etag, checkedAt }) => ({ list, etag, checkedAt })));
        await lists.bulkPut(stored.map(({ etag: _etag, checkedAt: _checkedAt, ...list }) => list as StoredList));
      });
  }
}

const withoutPosition = <T>({ position: _position, ...row }: RowV1<T>): T => row as T;
const syncOf = (record: SyncV1 | undefined) => ({ etag: record?.etag, checkedAt: record?.checkedAt });

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

/**
 * The stored lists in display order, what the server last said of each, and each product's
 * folded search text in the same order (undefined for a product stored without one).
 */
export async function readCatalogue(db: CatalogueDatabase) {
  const names: StoredList["list"][] = ["products", "categories"];
  const [[products, categories], sync] = await db.transaction("r", db.lists, db.sync, () =>
    Promise.all([db.lists.bulkGet(names), db.sync.bulkGet(names)]),
  );
  const rows = (products?.rows ?? []) as StoredProduct[];
  return {
    products: rows.map(({ searchText: _searchText, ...product }) => product as Product),
    searchTexts: rows.map((row) => row.searchText),
    categories: (categories?.rows ?? []) as Category[],
    sync: new Map(sync.flatMap((record) => (record ? [[record.list, record] as const] : []))),
  };
}

/**
 * Replaces a stored list with the server's, with its ETag, in one transaction: a product the
 * server no longer has is gone from the device with it, and a reader never sees half a list or
 * another list's ETag. Products are stored with their search text.
 */
export async function storeList(db: CatalogueDatabase, stored: StoredList, etag: string | undefined): Promise<void> {
  await db.transaction("rw", db.lists, db.sync, async () => {
    await db.lists.put(stored);
    await db.sync.put({ list: stored.list, etag, checkedAt: Date.now() });
  });
}

/** Notes that the server confirmed a stored list (a 304 to its ETag) just now. */
export async function confirmList(db: CatalogueDatabase, list: StoredList["list"]): Promise<void> {
  await db.sync.update(list, { checkedAt: Date.now() });
}
