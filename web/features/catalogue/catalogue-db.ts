import Dexie, { type Table } from "dexie";
import type { Category, Product } from "../../../worker/contract/catalogue.ts";

export type ListName = "products" | "categories";
/** A product as stored: with its folded search text (product-search.ts), so a visit need not fold them again. */
export type StoredProduct = Product & { searchText: string };
/** One list as the API last sent it, in display order: one record, read and replaced whole (ADR 0023). */
export type StoredList = { list: "products"; rows: StoredProduct[] } | { list: "categories"; rows: Category[] };
/** What the server last said of a list; a record of its own, so a 304 rewrites a few bytes (ADR 0027). */
export type ListSync = { list: ListName; etag: string | undefined; checkedAt: number };

/** The device's copy as the catalogue worker reads, replaces and confirms it (device-catalogue.ts). */
export type CatalogueStorage = {
  read(): Promise<{ lists: StoredList[]; sync: ListSync[] }>;
  store(list: StoredList, sync: ListSync): Promise<void>;
  confirm(list: ListName, checkedAt: number): Promise<void>;
};

const catalogueDbName = "dogal-yasam-catalogue";

/**
 * The device's copy of the catalogue (docs/architecture.md §7) in its one layout. It is a cache that the
 * API can always rebuild, so a different layout is never upgraded: it is deleted (ADR 0039).
 */
class CatalogueDatabase extends Dexie {
  lists!: Table<StoredList, ListName>;
  sync!: Table<ListSync, ListName>;
  constructor() {
    super(catalogueDbName);
    this.version(1).stores({ lists: "list", sync: "list" });
  }
}

/** Whether the database under the catalogue's name has this layout (false: there is none, or another). */
async function hasThisLayout(): Promise<boolean> {
  // Without a version, Dexie opens what is there as it is, and reads its stores.
  const probe = new Dexie(catalogueDbName);
  try {
    await probe.open();
    const stores = probe.tables.map(({ name, schema }) => `${name}(${schema.primKey.src})${schema.indexes.length}`);
    return probe.verno === 1 && stores.sort().join() === "lists(list)0,sync(list)0";
  } catch {
    return false;
  } finally {
    probe.close();
  }
}

/**
 * Opens the device's copy; undefined where IndexedDB is missing or refused (some private windows):
 * the catalogue then lives in the worker's memory. Any other layout (older, unknown, a newer
 * build's) is deleted and rebuilt from the API: the copy is a cache, never the only one.
 */
export async function openCatalogueStorage(): Promise<CatalogueStorage | undefined> {
  if (typeof indexedDB === "undefined") return undefined;
  try {
    if (!(await hasThisLayout())) await Dexie.delete(catalogueDbName);
    const db = new CatalogueDatabase();
    await db.open();
    return {
      read: () =>
        db.transaction("r", db.lists, db.sync, async () => ({
          lists: await db.lists.toArray(),
          sync: await db.sync.toArray(),
        })),
      // One transaction: a reader never sees half a list, or one list's rows with another's ETag.
      store: (list, sync) =>
        db.transaction("rw", db.lists, db.sync, () => db.lists.put(list).then(() => db.sync.put(sync))).then(() => {}),
      confirm: (list, checkedAt) => db.sync.update(list, { checkedAt }).then(() => {}),
    };
  } catch {
    return undefined;
  }
}
