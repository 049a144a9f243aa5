import type { Context, TypedResponse } from "hono";
import type { Database } from "../db/client.ts";

type Entry = { data: unknown; body: Uint8Array<ArrayBuffer>; etag: string };

/** Past this many cached reads (one per product page, say) the cache starts over. */
const maxEntries = 1000;

/**
 * Catalogue reads, cached in memory per server instance and revalidated with one tiny query:
 * database triggers bump `catalogue_state.version` on every product or category change, so a
 * cached list is served only while the version it was built at is current. The ETag is made
 * of the database's epoch, that version and the key: no hashing of bodies, and the same ETag
 * from every Worker isolate.
 */
export function createCatalogueCache() {
  let builtAt = "";
  const entries = new Map<string, Entry>();

  return {
    async read<T>(
      db: Database,
      key: string,
      load: () => Promise<T>,
    ): Promise<{ data: T; body: Uint8Array<ArrayBuffer>; etag: string }> {
      // The raw client: this runs on every catalogue read, and drizzle's mapping costs more
      // than the query itself here.
      const { rows } = await db.$client.execute("select epoch, version from catalogue_state where id = 1");
      const state = rows[0];
      const stamp = state ? `${state.epoch}-${state.version}` : "unversioned";
      if (stamp !== builtAt || entries.size >= maxEntries) {
        entries.clear();
        builtAt = stamp;
      }
      const hit = entries.get(key);
      if (hit) return hit as { data: T; body: Uint8Array<ArrayBuffer>; etag: string };
      // Loaded after reading the version: if a write lands in between, the entry holds data at
      // least as new as its stamp, and the bumped version replaces it on the next read.
      const data = await load();
      // Kept encoded: a 500-product list is ~600 kB, too much to re-encode on every request.
      const entry = {
        data,
        body: new TextEncoder().encode(JSON.stringify(data)),
        etag: `"${stamp}-${key}"`,
      };
      if (state) entries.set(key, entry);
      return entry;
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/**
 * Catalogue reads may be stored anywhere but must be revalidated on each use: the ETag makes
 * that a cheap 304, and an admin's edit shows up on the next read instead of after a max-age.
 */
export const revalidateEveryTime = "public, no-cache";

/**
 * Sends a cached catalogue read as JSON, or 304 when the client already has this version. Typed
 * as a JSON response of `T`, so the web's typed client still knows the shape.
 */
export function sendCached<T>(c: Context, entry: { data: T; body: Uint8Array<ArrayBuffer>; etag: string }) {
  const headers = { ETag: entry.etag, "Cache-Control": revalidateEveryTime };
  const known = c.req
    .header("If-None-Match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  const response =
    known?.includes(entry.etag) || known?.includes("*")
      ? c.body(null, 304, headers)
      : c.body(entry.body, 200, { ...headers, "Content-Type": "application/json; charset=UTF-8" });
  return response as unknown as Response & TypedResponse<T, 200, "json">;
}
