import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { ApiError, type ErrorBody } from "./lib/api-error.ts";
import type { AppDeps, AppEnv } from "./lib/app-env.ts";
import { createCatalogueCache } from "./lib/catalogue-cache.ts";
import { securityHeaders } from "./lib/security-headers.ts";
import { categoryRoutes } from "./routes/categories/categories.routes.ts";
import { healthRoutes } from "./routes/health/health.routes.ts";
import { pageRoutes } from "./routes/pages/pages.routes.ts";
import { productRoutes } from "./routes/products/products.routes.ts";
import { surveyRoutes } from "./routes/survey/survey.routes.ts";

/** Request bodies above this are refused with 413 before any handler reads them. */
export const maxBodyBytes = 1024 * 1024;

const api = new Hono<AppEnv>()
  .route("/health", healthRoutes)
  .route("/products", productRoutes)
  .route("/categories", categoryRoutes)
  .route("/survey", surveyRoutes);

/** The API's type, for the web's typed client (`hc<AppType>`). */
export type AppType = typeof api;

/** Composes the whole server: middleware, the /api routes and (when given) the PWA's files. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const catalogueCache = createCatalogueCache();

  app.use(requestId());
  app.use(async (c, next) => {
    for (const [key, value] of Object.entries(deps) as [keyof AppDeps, never][]) c.set(key, value);
    c.set("catalogueCache", catalogueCache);
    const started = performance.now();
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
    if (c.req.path.startsWith("/api/")) {
      deps.logger.info("request", {
        requestId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  });

  if (deps.config.CORS_ORIGINS.length > 0) {
    const allowed = new Set(deps.config.CORS_ORIGINS);
    app.use("/api/*", cors({ origin: (origin) => (allowed.has(origin) ? origin : null), credentials: true }));
  }

  app.use(
    "/api/*",
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new ApiError(413, "payload_too_large", "The request body is too large.");
      },
    }),
  );

  // Parse JSON bodies up front, so a malformed one is a 400 on every route, in one place;
  // Hono caches the parsed body for the validators.
  app.use("/api/*", async (c, next) => {
    const hasBody = !["GET", "HEAD", "OPTIONS", "DELETE"].includes(c.req.method);
    if (hasBody && /^application\/([\w.+-]+\+)?json/i.test(c.req.header("Content-Type") ?? "")) {
      try {
        await c.req.json();
      } catch {
        throw new ApiError(400, "malformed_json", "The request body is not valid JSON.");
      }
    }
    await next();
  });

  app.route("/api", api);
  app.all("/api/*", (c) => {
    throw new ApiError(404, "not_found", `No API route matches ${c.req.method} ${c.req.path}.`);
  });

  const { assets } = deps;
  if (assets) {
    app.route("/", pageRoutes);
    app.all("*", (c) => assets(c.req.raw));
  }

  app.notFound(() => {
    throw new ApiError(404, "not_found", "Not found.");
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const body: ErrorBody = { detail: error.message, code: error.code, ...error.extra };
      if (error.fields) body.fields = error.fields;
      return c.json(body, error.status, error.headers);
    }
    if (error instanceof HTTPException) {
      // Hono's own 4xx (e.g. a validator's): keep its status, use our shape.
      const detail = error.message || "The request could not be processed.";
      return c.json({ detail, code: "bad_request" } satisfies ErrorBody, error.status);
    }
    deps.logger.error("unhandled error", {
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return c.json(
      {
        detail: "Something went wrong on our side. Please try again.",
        code: "internal_error",
      } satisfies ErrorBody,
      500,
    );
  });

  return app;
}
