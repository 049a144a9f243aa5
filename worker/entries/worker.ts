import { createClient } from "@libsql/client/web";
import argon2Module from "@phi-ag/argon2/argon2.wasm";
import { renderPage } from "web-ssr";
import { createApp } from "../app.ts";
import { createWasmPasswordHasher } from "../auth/password-wasm.ts";
import { ConfigError, parseConfig } from "../config/config.ts";
import type { ErrorBody } from "../contract/error-body.ts";
import { splitLocale } from "../contract/locales.ts";
import { createDatabase } from "../db/client.ts";
import { dispatchOutboxSafely } from "../email/dispatcher.ts";
import type { SendEmailBinding } from "../email/transports/cloudflare.ts";
import { createWorkerMailer } from "../email/worker-mailer.ts";
import { errorPageTexts } from "../i18n/error-page-texts.ts";
import { forgetFinishedDays } from "../insights/events.ts";
import { systemClock } from "../lib/clock.ts";
import { errorPageResponse } from "../lib/error-page.ts";
import { purgeExpiredAnswers } from "../lib/idempotency.ts";
import { createLogger } from "../lib/logger.ts";
import { forgetExpiredAttempts } from "../lib/rate-limit.ts";
import { securityHeaders } from "../lib/security-headers.ts";
import { createR2PhotoStore, type R2Bucket } from "../photos/r2-photo-store.ts";
import { removeUnusedPhotos } from "../photos/unused-photos.ts";

// The Cloudflare Worker entry. Nothing here may import Node-only code (the migrator, node:fs,
// the seed): the database is migrated beforehand by `drizzle-kit migrate`.

// Minimal shapes of the runtime objects this file touches. The worker tsconfig types the code
// with Node's globals, so @cloudflare/workers-types' ambient globals are not loaded.
interface Fetcher {
  fetch(request: Request): Promise<Response>;
}
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
  props: unknown;
}
interface ScheduledController {
  readonly scheduledTime: number;
  readonly cron: string;
  noRetry(): void;
}

/** The Worker's bindings: `[vars]` and secrets from wrangler.toml, and the static assets. */
export interface Env {
  ASSETS: Fetcher;
  APP_ENV?: string;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET?: string;
  ADMIN_EMAIL?: string;
  PUBLIC_URL?: string;
  MAIL_TRANSPORT?: string;
  MAIL_FROM?: string;
  MAIL_MAX_ATTEMPTS?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** Cloudflare's send_email binding, for MAIL_TRANSPORT=cloudflare (wrangler.toml [[send_email]]). */
  EMAIL?: SendEmailBinding;
  CORS_ORIGINS?: string;
  LOG_LEVEL?: string;
  /** The shop's own photos (wrangler.toml [[r2_buckets]], ADR 0089). */
  PHOTOS?: R2Bucket;
}

type Ready = {
  ok: true;
  app: ReturnType<typeof createApp>;
  /** One pass of the e-mail dispatcher, on a database client of its own. */
  dispatch: () => Promise<void>;
  /** Removes the write answers past their 30 days and the attempt counters past their window (the cron runs it after the e-mail pass). */
  purgeAnswers: () => Promise<void>;
  /** Deletes the insights' salts and bound rows of finished days (the cron, after the others). */
  forgetFinishedDays: () => Promise<void>;
  /** Removes the photos no product has named for a week (the cron, last). */
  removeUnusedPhotos: () => Promise<void>;
};
type Misconfigured = { ok: false };

// One argon2 engine per isolate: its WebAssembly instance holds the 19 MiB the hash works in.
const passwords = createWasmPasswordHasher(argon2Module);

// Built once per isolate and env: parsing settings on every request would cost time, and a bad
// setting would log on every request instead of once. The database client is the exception.
const built = new WeakMap<Env, Ready | Misconfigured>();

function setUp(env: Env): Ready | Misconfigured {
  const cached = built.get(env);
  if (cached) return cached;
  let result: Ready | Misconfigured;
  try {
    const config = parseConfig({ ...env });
    // Links in pages and e-mails need the shop's address, and a Worker cannot know its own: the
    // request's Host is the client's choice.
    const siteOrigin = config.PUBLIC_URL;
    if (!siteOrigin) {
      throw new ConfigError(
        "Invalid configuration: PUBLIC_URL is required on Workers, which cannot know their own address",
      );
    }
    const logger = createLogger(config.LOG_LEVEL);
    const clientConfig = {
      url: config.DATABASE_URL,
      ...(config.DATABASE_AUTH_TOKEN ? { authToken: config.DATABASE_AUTH_TOKEN } : {}),
    };
    // One client per request, never one per isolate: the client queues calls beyond its
    // concurrency limit and starts a queued one from whichever request freed a slot, and
    // workerd cancels I/O that outlives the request it belongs to. A shared client wedged after
    // the first burst of concurrent requests (tests/worker/worker-load.test.ts). Creating one
    // opens no connection, so it costs next to nothing.
    createClient(clientConfig).close(); // a URL the web client cannot use fails here, once
    const openDatabase = () => createDatabase(createClient(clientConfig));
    const mailer = createWorkerMailer(config, env);
    // Passes in several isolates, or a cron beside a wake, are kept apart by the outbox's claims.
    const dispatch = () =>
      dispatchOutboxSafely({
        db: openDatabase(),
        mailer,
        clock: systemClock,
        logger,
        from: config.MAIL_FROM,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
      });
    // Write answers past their 30 days, removed by the cron after the e-mail pass (ADR 0057).
    // Attempt counters past their window go too: their keys name client addresses.
    const purgeAnswers = () =>
      purgeExpiredAnswers(openDatabase(), systemClock.now()).then(
        () =>
          forgetExpiredAttempts(openDatabase(), systemClock.now()).catch((error: unknown) =>
            logger.warn("expired attempt counters not removed, will retry", { error: describe(error) }),
          ),
        (error: unknown) => logger.warn("expired write answers not purged, will retry", { error: describe(error) }),
      );
    // The insights' salts of finished days (ADR 0065): gone within one cron after midnight.
    const forgetDays = () =>
      forgetFinishedDays(openDatabase(), systemClock.now()).then(
        () => {},
        (error: unknown) => logger.warn("finished days' salts not deleted, will retry", { error: describe(error) }),
      );
    const photos = env.PHOTOS ? createR2PhotoStore(env.PHOTOS) : undefined;
    const removePhotos = () =>
      photos
        ? removeUnusedPhotos(openDatabase(), photos, systemClock.now()).then(
            () => {},
            (error: unknown) => logger.warn("unused photos not removed, will retry", { error: describe(error) }),
          )
        : Promise.resolve();
    const app = createApp({
      openDatabase,
      clock: systemClock,
      mailer,
      passwords,
      emailWritten: dispatch,
      clientAddress: (c) => c.req.header("CF-Connecting-IP") ?? "unknown",
      config,
      siteOrigin: () => new URL(siteOrigin).origin,
      logger,
      ...(photos ? { photos } : {}),
      assets: (request) => env.ASSETS.fetch(request),
      renderPage,
    });
    result = {
      ok: true,
      app,
      dispatch,
      purgeAnswers,
      forgetFinishedDays: forgetDays,
      removeUnusedPhotos: removePhotos,
    };
  } catch (error) {
    // A bad setting (ConfigError) or a URL the web client cannot use (e.g. file:) is an
    // operator mistake: answer every request with a clean 500 and say why once, in the log.
    const reason =
      error instanceof ConfigError ? error.message : `Cannot create the database client: ${describe(error)}`;
    console.error(
      JSON.stringify({
        level: "error",
        time: new Date().toISOString(),
        msg: "misconfigured",
        reason,
      }),
    );
    result = { ok: false };
  }
  built.set(env, result);
  return result;
}

function misconfiguredResponse(request: Request): Response {
  const detail = errorPageTexts.en.misconfigured;
  // Outside /api a person is reading: a page, as every other error there, in the address's language.
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/")) {
    const { locale } = splitLocale(pathname);
    return errorPageResponse(500, errorPageTexts[locale].misconfigured, locale);
  }
  const body: ErrorBody = { detail, code: "misconfigured" };
  return Response.json(body, {
    status: 500,
    headers: { ...securityHeaders, "Cache-Control": "no-store" },
  });
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const ready = setUp(env);
    if (!ready.ok) return misconfiguredResponse(request);
    return ready.app.fetch(request, env, ctx);
  },

  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const ready = setUp(env);
    if (!ready.ok) return;
    ctx.waitUntil(
      ready.dispatch().then(ready.purgeAnswers).then(ready.forgetFinishedDays).then(ready.removeUnusedPhotos),
    );
  },
};
