import type { Context, TypedResponse } from "hono";
import type { AppEnv } from "../lib/app-env.ts";
import { type CatalogueKey, catalogueKey } from "./catalogue-cache.ts";
import { findProduct, listCategories, listProducts, type ProductFilter } from "./catalogue-queries.ts";

/** A cached catalogue read: the data, its JSON already encoded, and its ETag. */
export type CachedRead<T> = { data: T; body: Uint8Array<ArrayBuffer>; etag: string };

/** A page the server rendered, kept as bytes with its ETag until the catalogue changes. */
export type CachedPage = { status: 200 | 404; body: Uint8Array<ArrayBuffer>; etag: string };

/**
 * The one way the API and the server-rendered pages read the catalogue: every read of one
 * request comes from the same version (one version query per request), and every read is
 * cached per version (catalogue-cache.ts).
 */
export async function readCatalogue(c: Context<AppEnv>) {
  const { db, catalogueCache } = c.var;
  const snapshot = await catalogueCache.at(db);

  const read = <T>(key: CatalogueKey, load: () => Promise<T>) =>
    snapshot.get(key, async (): Promise<CachedRead<T>> => {
      const data = await load();
      // Kept encoded: a 1,000-product list is over 1 MB, too much to encode on every request.
      return { data, body: new TextEncoder().encode(JSON.stringify(data)), etag: `"${snapshot.stamp}-${key}"` };
    });

  return {
    /** Identifies this version of the catalogue; part of every ETag made from it. */
    stamp: snapshot.stamp,
    products: ({ categoryId, temperament }: ProductFilter = {}) =>
      read(catalogueKey.products(categoryId, temperament), () => listProducts(db, { categoryId, temperament })),
    product: (id: number) => read(catalogueKey.product(id), () => findProduct(db, id)),
    categories: () => read(catalogueKey.categories(), () => listCategories(db)),
    /** A page rendered from this version, rendered again only once the catalogue changes. */
    page: (path: `/${string}`, render: () => Promise<CachedPage>) => snapshot.get(catalogueKey.page(path), render),
  };
}

/**
 * Catalogue reads may be stored anywhere but must be revalidated on each use: the ETag makes
 * that a cheap 304, and an admin's edit shows up on the next read instead of after a max-age.
 */
export const revalidateEveryTime = "public, no-cache";

/** True when the request's If-None-Match names this ETag (or `*`). */
export function matchesEtag(c: Context, etag: string): boolean {
  const known = c.req
    .header("If-None-Match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  return known !== undefined && (known.includes(etag) || known.includes("*"));
}

/**
 * Sends a cached catalogue read as JSON, or 304 when the client already has this version. Typed
 * as a JSON response of `T`, so the web's typed client still knows the shape.
 */
export function sendCached<T>(c: Context, read: CachedRead<T>) {
  const headers = { ETag: read.etag, "Cache-Control": revalidateEveryTime };
  const response = matchesEtag(c, read.etag)
    ? c.body(null, 304, headers)
    : c.body(read.body, 200, { ...headers, "Content-Type": "application/json; charset=UTF-8" });
  return response as unknown as Response & TypedResponse<T, 200, "json">;
}
