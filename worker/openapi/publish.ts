import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as z from "zod/mini";
import type { AppConfig } from "../config/config.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { contentSecurityPolicy } from "../lib/security-headers.ts";
import { describeRoute } from "./describe-route.ts";
import { buildOpenApiDocument } from "./openapi.ts";

/**
 * The API's contract (issue 29, docs/decisions/0051-openapi-contract.md) on `app`, after its
 * /api routes: `/api/openapi.json` on every runtime, made once from the route table, and the
 * reference page `/api/docs` in development only.
 */
export function publishContract(app: Hono<AppEnv>, config: Pick<AppConfig, "APP_ENV">): void {
  const development = config.APP_ENV === "development";
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get(
    "/api/openapi.json",
    describeRoute({
      summary: "This description",
      access: "public",
      ok: { 200: z.looseObject({ openapi: z.string() }) },
    }),
    (c) => {
      document ??= buildOpenApiDocument(app.routes, { development });
      return c.json(document, 200, { "Cache-Control": "no-cache" });
    },
  );
  if (development) {
    app.get(
      "/api/docs",
      describeRoute({
        summary: "A reference page for this description (Scalar)",
        access: "public",
        ok: { 200: "html" },
        development: true,
      }),
      apiReference("/api/openapi.json"),
    );
  }
}

/** Where Scalar's standalone bundle comes from (its default). */
export const scalarCdn = "https://cdn.jsdelivr.net";

/**
 * `/api/docs`, development only: Scalar's reference page for the description at `url`. Scalar
 * loads its bundle from a CDN and starts it with an inline script, so this one route relaxes the
 * policy's `script-src` to that script's nonce and the CDN (docs/decisions/0051-openapi-contract.md);
 * every other directive, and every other route's policy, stays as it is.
 */
export function apiReference(url: string) {
  return createMiddleware<AppEnv>(async (c) => {
    const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    const policy = contentSecurityPolicy
      .replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}' ${scalarCdn}`)
      .replace("connect-src 'self'", `connect-src 'self' ${scalarCdn}`)
      .replace("font-src 'self'", `font-src 'self' ${scalarCdn}`);
    c.header("Content-Security-Policy", policy);
    c.header("Cache-Control", "no-store");
    const page = Scalar<AppEnv>({ url, pageTitle: "Doğal Yaşam API", nonce });
    return page(c, async () => {});
  });
}
