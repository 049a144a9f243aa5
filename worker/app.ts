import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { createCatalogueCache } from "./catalogue/catalogue-cache.ts";
import { isAppPage } from "./contract/app-pages.ts";
import type { ErrorBody } from "./contract/error-body.ts";
import { splitLocale } from "./contract/locales.ts";
import { databaseUnavailable, isDatabaseUnavailable } from "./db/unavailable.ts";
import { errorPageTexts } from "./i18n/error-page-texts.ts";
import { localeOfRequest } from "./i18n/request-locale.ts";
import { ApiError, codeForStatus } from "./lib/api-error.ts";
import type { AppDeps, AppEnv } from "./lib/app-env.ts";
import { errorPageHtml } from "./lib/error-page.ts";
import { addSecurityHeaders, injectDependencies, logRequests, trimTrailingSlash } from "./lib/middleware.ts";
import { shorten } from "./lib/validate.ts";
import { publishContract } from "./openapi/publish.ts";
import { maxPhotoUploadBytes } from "./photos/photo-upload.ts";
import { adminRoutes } from "./routes/admin/admin.routes.ts";
import { authRoutes } from "./routes/auth/auth.routes.ts";
import { categoryRoutes } from "./routes/categories/categories.routes.ts";
import { devApiRoutes, devPageRoutes } from "./routes/dev/dev.routes.ts";
import { eventRoutes } from "./routes/events/events.routes.ts";
import { healthRoutes } from "./routes/health/health.routes.ts";
import { imageFileRoutes } from "./routes/images/images.routes.ts";
import { redirectToChosenLocale } from "./routes/pages/chosen-locale.ts";
import { pageRoutes, renderNotFoundPage, shellRequest } from "./routes/pages/pages.routes.ts";
import { productRoutes } from "./routes/products/products.routes.ts";
import { seoRoutes } from "./routes/seo/seo.routes.ts";
import { surveyRoutes } from "./routes/survey/survey.routes.ts";
import { userRoutes } from "./routes/user/user.routes.ts";

/** Request bodies above this are refused with 413 before any handler reads them. */
export const maxBodyBytes = 1024 * 1024;

/** The one route whose body may be larger: a photo's variants, up to `maxPhotoUploadBytes`. */
const photoUploadPath = "/api/admin/images";

const api = new Hono<AppEnv>()
  .route("/health", healthRoutes)
  .route("/auth", authRoutes)
  .route("/products", productRoutes)
  .route("/categories", categoryRoutes)
  .route("/survey", surveyRoutes)
  .route("/user", userRoutes)
  .route("/events", eventRoutes)
  .route("/dev", devApiRoutes)
  .route("/admin", adminRoutes);

/** The API's type, for the web's typed client (`hc<AppType>`). */
export type AppType = typeof api;

/** Composes the whole server: middleware, the /api routes and (when given) the PWA's files. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(injectDependencies(deps, createCatalogueCache()));
  app.use(logRequests());
  app.use(addSecurityHeaders());
  // One address per page: `/products/` and `/products/1/` redirect to the address without the
  // slash, which is the one the routes, the caches and shared links know.
  app.use(trimTrailingSlash());

  if (deps.config.CORS_ORIGINS.length > 0) {
    const allowed = new Set(deps.config.CORS_ORIGINS);
    app.use("/api/*", cors({ origin: (origin) => (allowed.has(origin) ? origin : null), credentials: true }));
  }

  const tooLarge = () => {
    throw new ApiError(413, "payload_too_large", (t) => t.api_body_too_large);
  };
  const bodies = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  // A photo's variants (ADR 0089): up to three files of 2 MB each.
  const photoBodies = bodyLimit({ maxSize: maxPhotoUploadBytes, onError: tooLarge });
  app.use("/api/*", (c, next) => (c.req.path === photoUploadPath ? photoBodies : bodies)(c, next));

  // Parse JSON bodies up front, so a malformed one is a 400 on every route, in one place;
  // Hono caches the parsed body for the validators.
  app.use("/api/*", async (c, next) => {
    const hasBody = !["GET", "HEAD", "OPTIONS", "DELETE"].includes(c.req.method);
    if (hasBody && /^application\/([\w.+-]+\+)?json/i.test(c.req.header("Content-Type") ?? "")) {
      // An empty body is no body (a logout sent with the client's usual JSON header).
      const text = await c.req.text();
      if (text.trim() !== "") {
        try {
          JSON.parse(text);
        } catch {
          throw new ApiError(400, "malformed_json", (t) => t.api_malformed_json);
        }
      }
    }
    await next();
  });

  app.route("/api", api);
  publishContract(app, deps.config);
  app.all("/api/*", (c) => {
    throw new ApiError(404, "not_found", (t) => t.api_no_route({ route: shorten(`${c.req.method} ${c.req.path}`) }));
  });

  app.route("/dev", devPageRoutes);
  // The shop's own photos, from their store; any other /images/ path is a static file below.
  app.route("/", imageFileRoutes);
  // /sitemap.xml and /robots.txt: made from the catalogue and PUBLIC_URL, not from the web build.
  app.route("/", seoRoutes);

  const { assets } = deps;
  if (assets) {
    // The visitor's chosen language first, then the same pages in Turkish at /tr/… (ADR 0079).
    app.use("*", redirectToChosenLocale);
    app.route("/tr", pageRoutes);
    app.route("/", pageRoutes);
    // Reached only by what no route and no static file answered (Workers Static Assets serves
    // the files it has without running the Worker; the Node entry sends every request here).
    app.on(["GET", "HEAD"], "*", async (c) => {
      const file = await assets(c.req.raw);
      // A copy: the asset binding's headers are immutable, and the middleware above adds some.
      if (file.status !== 404) return new Response(file.body, file);
      await file.body?.cancel();
      // A file that is not there (a chunk of an older deploy, a typo) is a 404, never the app
      // shell: a browser would keep an HTML page as a script, for a year under the assets'
      // cache header.
      if (isFilePath(c.req.path)) throw new ApiError(404, "not_found", (t) => t.api_no_file({ path: c.req.path }));
      // An address the app does not have: 404 with the not-found page (ADR 0068).
      if (!isAppPage(splitLocale(c.req.path).path)) return renderNotFoundPage(c);
      // The app's other pages: the shell of their language, which routes in the browser.
      const shell = await assets(shellRequest(c));
      if (!shell.ok) throw new ApiError(503, "web_not_built", (t) => t.api_web_not_built);
      return new Response(shell.body, shell);
    });
  }

  app.notFound(() => {
    throw new ApiError(404, "not_found", (t) => t.api_not_found);
  });

  app.onError((thrown, c) => {
    // The database could not answer (locked, unreachable): 503 with Retry-After (ADR 0050).
    const error = isDatabaseUnavailable(thrown) ? databaseUnavailable(thrown) : thrown;
    if (error !== thrown)
      deps.logger.warn("database unavailable", { path: c.req.path, code: (error as ApiError).code });
    const known = error instanceof ApiError || error instanceof HTTPException;
    if (!known) logUnhandled(deps, c, error);
    // Outside /api a person is reading: the answer is a page with the way back, not JSON.
    if (!c.req.path.startsWith("/api/")) {
      // In the address's language: a /tr page's error is a Turkish page.
      const { locale } = splitLocale(c.req.path);
      const status = known ? error.status : 500;
      // Hono's own errors have only English words; a Turkish page says "try again" instead.
      const detail =
        error instanceof ApiError
          ? error.detailIn(locale)
          : known && error.message && locale === "en"
            ? error.message
            : errorPageTexts[locale].tryAgain;
      const headers = error instanceof ApiError ? error.headers : undefined;
      return c.html(errorPageHtml(status, detail, locale), status, { "Cache-Control": "no-store", ...headers });
    }
    if (error instanceof ApiError) {
      // In the request's language (ADR 0083); `code` is the same in every language.
      const locale = localeOfRequest(c);
      const body: ErrorBody = { detail: error.detailIn(locale), code: error.code, ...error.extra };
      const fields = error.fieldsIn(locale);
      if (fields) body.fields = fields;
      return c.json(body, error.status, { "Cache-Control": "no-store", ...error.headers });
    }
    if (error instanceof HTTPException) {
      // Hono's own errors (a validator's, a middleware's): keep the status, use our shape.
      const detail = error.message || "The request could not be processed.";
      return c.json({ detail, code: codeForStatus(error.status) } satisfies ErrorBody, error.status, {
        "Cache-Control": "no-store",
      });
    }
    return c.json(
      {
        detail: "Something went wrong on our side. Please try again.",
        code: "internal_error",
      } satisfies ErrorBody,
      500,
      { "Cache-Control": "no-store" },
    );
  });

  return app;
}

/**
 * A path to a file (`/assets/app-1a2b.js`, `/favicon.svg`) rather than to a page of the app; an
 * HTML file may rightly answer with HTML.
 */
const isFilePath = (path: string) => path.startsWith("/assets/") || /\.(?!html?$)[a-z0-9]+$/i.test(path);

function logUnhandled(deps: AppDeps, c: Context<AppEnv>, error: unknown) {
  deps.logger.error("unhandled error", {
    requestId: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
