import type { Temperament } from "../contract/temperaments.ts";
import type { Database } from "../db/client.ts";

/**
 * What the catalogue cache holds, one key each; made only here, so two callers can never spell
 * the same read two ways. Page keys are the normalized path a page is rendered for.
 */
export const catalogueKey = {
  /** One key per filter: each list is cached, and has its ETag, under its own key. */
  products: (categoryId?: number, temperament?: Temperament) =>
    `products:${categoryId ?? "all"}:${temperament ?? "all"}` as const,
  product: (id: number) => `product:${id}` as const,
  categories: () => "categories" as const,
  page: (path: `/${string}`) => `page:${path}` as const,
};
export type CatalogueKey = ReturnType<(typeof catalogueKey)[keyof typeof catalogueKey]>;

/** Past this many entries (one per product page, say) the least recently used one goes. */
const maxEntries = 1000;

/**
 * The catalogue as of one version: everything read through it was built at that version or
 * later. `stamp` identifies the version across server instances (Worker isolates included).
 */
export type CatalogueSnapshot = {
  readonly stamp: string;
  get<T>(key: CatalogueKey, build: () => Promise<T>): Promise<T>;
};

/**
 * Catalogue reads and rendered catalogue pages, cached in memory per server instance and
 * revalidated with one tiny query: database triggers bump `catalogue_state.version` on every
 * product or category change, so an entry is served only while the version it was built at is
 * current. ETags are made of that stamp and the key: no hashing of bodies, and the same ETag
 * from every Worker isolate.
 *
 * Only finished values are shared between requests, never a pending promise: on Workers a
 * promise started by one request cannot be awaited safely by another.
 */
export function createCatalogueCache() {
  let builtAt = "";
  const entries = new Map<CatalogueKey, unknown>();

  return {
    /** Reads the catalogue's version (one query) and gives the cache as of that version. */
    async at(db: Database): Promise<CatalogueSnapshot> {
      // The raw client: this runs on every catalogue read, and drizzle's mapping costs more
      // than the query itself here. Read as text: the stamp is text anyway, and no stored
      // number, however large, can fail the read.
      const { rows } = await db.$client.execute(
        "select cast(epoch as text) as epoch, cast(version as text) as version from catalogue_state where id = 1",
      );
      const state = rows[0];
      // Without the state row (a database not yet migrated) nothing can be cached safely.
      const stamp = state ? `${state.epoch}-${state.version}` : "";
      if (stamp !== builtAt) {
        entries.clear();
        builtAt = stamp;
      }
      return {
        stamp: stamp || "unversioned",
        async get<T>(key: CatalogueKey, build: () => Promise<T>): Promise<T> {
          if (entries.has(key)) {
            const hit = entries.get(key) as T;
            // Map keeps insertion order: moving a hit to the end makes the first key the least
            // recently used one.
            entries.delete(key);
            entries.set(key, hit);
            return hit;
          }
          // Built after reading the version: if a write lands in between, the entry holds data
          // at least as new as its stamp, and the bumped version replaces it on the next read.
          const value = await build();
          if (stamp && builtAt === stamp) {
            entries.set(key, value);
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value as CatalogueKey);
          }
          return value;
        },
      };
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
