import { createMiddleware } from "hono/factory";
import type { CatalogueCache } from "../catalogue/catalogue-cache.ts";
import type { AppDeps, AppEnv } from "./app-env.ts";
import { securityHeaders } from "./security-headers.ts";

/** Puts the entry's dependencies, and this request's database, in `c.var`. */
export const injectDependencies = ({ openDatabase, ...deps }: AppDeps, catalogueCache: CatalogueCache) =>
  createMiddleware<AppEnv>(async (c, next) => {
    for (const [key, value] of Object.entries(deps) as [keyof typeof deps, never][]) c.set(key, value);
    c.set("db", openDatabase());
    c.set("catalogueCache", catalogueCache);
    await next();
  });

/** One log line per API request: method, path, status and time taken. */
export const logRequests = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    if (!c.req.path.startsWith("/api/")) return;
    c.var.logger.info("request", {
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

/** DESIGN.md §8's headers on every response, unless a handler set its own value. */
export const addSecurityHeaders = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });
