import { etag } from "hono/etag";
import { createMiddleware } from "hono/factory";

/**
 * Catalogue reads may be stored anywhere but must be revalidated on each use: the ETag makes
 * that a cheap 304, and an admin's edit shows up on the next read instead of after a max-age.
 */
export const catalogueCaching = [
  etag(),
  createMiddleware(async (c, next) => {
    await next();
    if (c.res.status === 200 || c.res.status === 304) c.header("Cache-Control", "public, no-cache");
  }),
] as const;
