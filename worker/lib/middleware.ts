import { createMiddleware } from "hono/factory";
import type { CatalogueCache } from "../catalogue/catalogue-cache.ts";
import type { AppDeps, AppEnv } from "./app-env.ts";
import { clientKey } from "./client-key.ts";
import { securityHeaders } from "./security-headers.ts";

/**
 * Puts the entry's dependencies, this request's database, and whom the limits count the request
 * as (its address made a client key: an IPv6 client's /64, ADR 0064), in `c.var`.
 */
export const injectDependencies = ({ openDatabase, clientAddress, ...deps }: AppDeps, catalogueCache: CatalogueCache) =>
  createMiddleware<AppEnv>(async (c, next) => {
    for (const [key, value] of Object.entries(deps) as [keyof typeof deps, never][]) c.set(key, value);
    c.set("db", openDatabase());
    c.set("catalogueCache", catalogueCache);
    c.set("clientKey", () => clientKey(clientAddress(c)));
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

/** docs/architecture.md §8's headers on every response, unless a handler set its own value. */
export const addSecurityHeaders = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });

/**
 * One address per page: `/products/` and `/products/1/` redirect to the address without the
 * slash, which is the one the routes, the caches and shared links know. The redirect is
 * relative (a request's Host never reaches it) and starts with one slash, so `//evil.example/`
 * cannot become a link to another site.
 */
export const trimTrailingSlash = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    // The address as sent (still percent-encoded): a decoded `%5C` would be a backslash, which
    // browsers read as a slash in a Location.
    const { pathname, search } = new URL(c.req.url);
    if (pathname.length > 1 && pathname.endsWith("/") && (c.req.method === "GET" || c.req.method === "HEAD")) {
      return c.redirect(`/${pathname.replace(/^\/+|\/+$/g, "")}${search}`, 301);
    }
    await next();
  });
