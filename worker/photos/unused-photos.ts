import { sql } from "drizzle-orm";
import { parsePhotoAddress } from "../contract/photos.ts";
import type { Database } from "../db/client.ts";
import type { PhotoStore } from "./photo-store.ts";

/**
 * How long a stored photo no product lists is kept: an upload comes before the product write that
 * names it (the admin's outbox sends them in order, ADR 0089), and a photo taken out of a product
 * by mistake can be put back within the week.
 */
export const unusedPhotoLifeMs = 7 * 24 * 60 * 60 * 1000;

export type UnusedPhotosPass = { storedFiles: number; usedPhotos: number; removedFiles: number };

/**
 * Removes every file of each stored photo that no product's `images` names and that was last put
 * more than `unusedPhotoLifeMs` ago. A photo is its hash: two products with the same photo name
 * the same files, so deleting one product leaves the other's. Run by the periodic pass (the Node
 * server's timer, the Worker's cron), after the e-mail.
 *
 * The store is listed before the products are read: a photo put after the listing is not
 * considered, and one listed as old was put at least a week ago, which no upload in flight is.
 */
export async function removeUnusedPhotos(db: Database, store: PhotoStore, now: Date): Promise<UnusedPhotosPass> {
  const stored = await store.list();
  if (stored.length === 0) return { storedFiles: 0, usedPhotos: 0, removedFiles: 0 };
  // Only the addresses of the shop's own files, each once, from SQLite's JSON functions: the
  // rest of the catalogue never leaves the database.
  const addresses = await db.all<{ src: string }>(
    sql`select distinct image.value as src from products, json_each(products.images) as image where image.value like '/images/%'`,
  );
  const used = new Set<string>();
  for (const { src } of addresses) {
    const photo = parsePhotoAddress(src);
    if (photo) used.add(photo.hash);
  }
  const cutoff = now.getTime() - unusedPhotoLifeMs;
  // A photo goes whole, and only when its newest file is old: its variants are put together.
  const photos = new Map<string, { names: string[]; newest: number }>();
  for (const { name, uploaded } of stored) {
    const hash = name.slice(0, 64);
    const photo = photos.get(hash) ?? { names: [], newest: 0 };
    photo.names.push(name);
    photo.newest = Math.max(photo.newest, uploaded.getTime());
    photos.set(hash, photo);
  }
  const unused = [...photos].filter(([hash, photo]) => !used.has(hash) && photo.newest < cutoff);
  const names = unused.flatMap(([, photo]) => photo.names);
  if (names.length > 0) await store.delete(names);
  return { storedFiles: stored.length, usedPhotos: used.size, removedFiles: names.length };
}
