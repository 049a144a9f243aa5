import Dexie, { liveQuery, type Table } from "dexie";
import type { CategoryInput, ProductInput } from "../../worker/contract/admin.ts";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { byDisplayOrder } from "../../worker/contract/display-order.ts";
import { inTemperamentOrder } from "../../worker/contract/temperaments.ts";

/*
 * The administrator's outbox (docs/architecture.md §7, ADR 0046): every admin write waits here, in order,
 * until the server has answered it for good. What the admin's device shows is the server's lists
 * with the waiting changes laid over them (`applyOutbox`), so the local change and its outbox
 * entry are one record, written in one transaction. Shared by the admin's screens and the
 * catalogue worker, which lays the same changes over the shoppers' pages of this device; only
 * what both need is here (the entry, its database, `applyOutbox`), the queue, its replay and
 * its status are in web/features/admin/outbox/ (ADR 0074).
 */

/** Ids the device gives rows it creates offline: negative, so they never meet a server id. */
export type TemporaryId = number;

export type OutboxChange =
  | { kind: "product.create"; tempId: TemporaryId; input: ProductInput }
  | { kind: "product.update"; id: number; baseVersion: number; input: ProductInput }
  | { kind: "product.delete"; id: number; baseVersion: number; name: string }
  | { kind: "category.create"; tempId: TemporaryId; input: CategoryInput }
  | { kind: "category.update"; id: number; baseVersion: number; input: CategoryInput }
  | { kind: "category.delete"; id: number; baseVersion: number; name: string }
  | {
      /**
       * One of the shop's own photos (issue 41, ADR 0093), made on this device: sent before the
       * product changes that list its address, which the device names as the server will.
       */
      kind: "photo.upload";
      /** The largest variant's address (worker/contract/photos.ts), as a product's `images` lists it. */
      src: string;
      /** The chosen file's name, for the outbox's list. */
      name: string;
      /** Every variant, smallest first, as the upload sends them. */
      variants: { width: number; blob: Blob }[];
      /** Its 1200 × 630 link preview (ADR 0094), when the device could make one. */
      preview?: Blob;
    }
  | {
      kind: "reorder";
      /** The scope's products in the order the admin chose. */
      ids: number[];
      /** The scope's products in the order the admin saw when they chose it (the list version). */
      basedOn: number[];
      categoryId?: number;
    };

export type OutboxState = "waiting" | "sending" | "conflict" | "rejected";

/** A refusal as the API words it (`{detail, code, fields}`). */
export type Refusal = { status: number; code: string; detail: string; fields?: Record<string, string> };

/**
 * The entry's layout; a later release reads older formats, so changes queued before an update still
 * replay, and an older tab leaves a newer format's entries to the tabs that know them. 2: photos.
 */
export const outboxFormat = 2;

export type OutboxEntry = {
  /** Replay order; IndexedDB never hands out a number twice, so it also names temporary ids. */
  seq?: number;
  format: number;
  /** The admin who made the change: the queue never replays under another account. */
  owner: string;
  /** Sent as `Idempotency-Key`; the same on every retry of this change. */
  key: string;
  change: OutboxChange;
  state: OutboxState;
  queuedAt: number;
  /** Tries that got no definitive answer (no answer, 408, 429, 5xx). */
  attempts: number;
  /** Not sent again before this time (ms since the epoch). */
  notBefore: number;
  /** Rejected: the server's answer, in its words. */
  refusal?: Refusal;
  /** Conflict: the row as the server has it now. */
  current?: Product | Category;
};

/** A change as it enters the outbox: waiting, never tried. */
export const newEntry = (change: OutboxChange, owner: string, key: string, queuedAt: number): OutboxEntry => ({
  format: outboxFormat,
  owner,
  key,
  change,
  state: "waiting",
  queuedAt,
  attempts: 0,
  notBefore: 0,
});

/** One of the dashboard's five loads as last received (docs/product.md §4), for the dashboard offline. */
export type StoredLoad = { name: string; data: unknown; loadedAt: number };

export const outboxDbName = "dogal-yasam-admin";

export class AdminDatabase extends Dexie {
  entries!: Table<OutboxEntry, number>;
  loads!: Table<StoredLoad, string>;
  constructor(options?: ConstructorParameters<typeof Dexie>[1]) {
    super(outboxDbName, options);
    this.version(1).stores({ entries: "++seq", loads: "name" });
  }
}

/**
 * Tells `listener` the outbox's entries now and after every change, from any tab, where this
 * device has an outbox; a shopper's device has none, and none is made for it.
 */
export async function watchOutbox(listener: (entries: OutboxEntry[]) => void): Promise<void> {
  if (!(await Dexie.exists(outboxDbName).catch(() => false))) return;
  const db = new AdminDatabase();
  liveQuery(() => db.entries.toArray()).subscribe({ next: listener, error: () => {} });
}

function productFrom(input: ProductInput, base: Product): Product {
  const images = input.images === undefined ? [] : Array.isArray(input.images) ? input.images : [input.images];
  return {
    ...base,
    name: input.name,
    short_description: input.short_description,
    long_description: input.long_description ?? "",
    description: input.description ?? base.description,
    category_id: input.category_id,
    images: images.filter((url) => url !== ""),
    etsy_link: input.etsy_link,
    sort_order: input.sort_order ?? base.sort_order,
    // As the server: none sent keeps the row's (an empty list for a new one); a list is kept
    // once each, in the canonical order.
    temperaments: input.temperaments === undefined ? (base.temperaments ?? []) : inTemperamentOrder(input.temperaments),
    // As the server (ADR 0087): an English text not sent keeps the row's; a new row's are empty.
    name_en: input.name_en ?? base.name_en ?? "",
    short_description_en: input.short_description_en ?? base.short_description_en ?? "",
    description_en: input.description_en ?? base.description_en ?? "",
    long_description_en: input.long_description_en ?? base.long_description_en ?? "",
  };
}

/** A category with a waiting create or update laid over it, as the server will store it. */
const categoryFrom = (input: CategoryInput, base: Category): Category => ({
  ...base,
  name: input.name,
  description: input.description ?? "",
  name_en: input.name_en ?? base.name_en ?? "",
  description_en: input.description_en ?? base.description_en ?? "",
});

/**
 * The lists as this device shows them: the server's, with the waiting changes applied in order
 * (a refused or conflicting change too: it is still the admin's until they discard it).
 */
export function applyOutbox(
  products: readonly Product[],
  categories: readonly Category[],
  entries: readonly OutboxEntry[],
  now = new Date(0).toISOString(),
): { products: Product[]; categories: Category[] } {
  if (entries.length === 0) return { products: [...products], categories: [...categories] };
  let shownProducts = [...products];
  let shownCategories = [...categories];
  const replace = <T extends { id: number }>(rows: T[], id: number, next: (row: T) => T) =>
    rows.map((row) => (row.id === id ? next(row) : row));
  for (const { change } of entries) {
    switch (change.kind) {
      case "product.create": {
        const blank = {
          id: change.tempId,
          version: 0,
          sort_order: 0,
          description: "",
          created_at: now,
          updated_at: now,
        };
        shownProducts.push(productFrom(change.input, blank as Product));
        break;
      }
      case "product.update":
        shownProducts = replace(shownProducts, change.id, (row) => productFrom(change.input, row));
        break;
      case "product.delete":
        shownProducts = shownProducts.filter((row) => row.id !== change.id);
        break;
      case "category.create":
        shownCategories.push(
          categoryFrom(change.input, { id: change.tempId, version: 0, created_at: now } as Category),
        );
        break;
      case "category.update":
        shownCategories = replace(shownCategories, change.id, (row) => categoryFrom(change.input, row));
        break;
      case "category.delete":
        shownCategories = shownCategories.filter((row) => row.id !== change.id);
        break;
      case "photo.upload":
        // The product changes that list the photo show it; the upload changes no row.
        break;
      case "reorder": {
        const position = new Map(change.ids.map((id, index) => [id, index + 1]));
        shownProducts = shownProducts.map((row) => {
          const sortOrder = position.get(row.id);
          return sortOrder === undefined ? row : { ...row, sort_order: sortOrder };
        });
        break;
      }
    }
  }
  return { products: shownProducts.sort(byDisplayOrder), categories: shownCategories };
}
