import { type Context, Hono } from "hono";
import type { PasswordHasher } from "../auth/password.ts";
import type { CatalogueCache } from "../catalogue/catalogue-cache.ts";
import type { AppConfig } from "../config/config.ts";
import type { Database } from "../db/client.ts";
import type { Mailer } from "../email/mailer.ts";
import type { PhotoStore } from "../photos/photo-store.ts";
import type { Clock } from "./clock.ts";
import type { Logger } from "./logger.ts";
import type { PageRenderer } from "./page-renderer.ts";

/** Everything a handler may need, injected by the entry so tests can swap any of it. */
export type AppDeps = {
  /**
   * The database for one request. The Node server hands every request its one embedded client;
   * the Worker makes a client per request, because workerd ties a client's pending calls to the
   * request that started them (a client shared across requests wedges under load).
   */
  openDatabase: () => Database;
  clock: Clock;
  /** The e-mail transport, or null when none is configured (messages wait in the outbox). */
  mailer: Mailer | null;
  /** argon2id with the runtime's fastest engine (worker/auth/password*.ts). */
  passwords: PasswordHasher;
  /**
   * Called after a request committed outbox rows: starts a dispatch pass now instead of at the
   * next timer or cron tick. The returned promise settles when the pass ends (never rejects);
   * the Worker keeps it alive with `waitUntil`.
   */
  emailWritten: () => Promise<void>;
  config: AppConfig;
  /**
   * The shop's own origin, for the links in pages and e-mails: PUBLIC_URL, or outside production
   * the address the Node server listens on. Never the request's Host, which the client chooses
   * and which would reach every visitor through a cached page, or a victim through an e-mail.
   */
  siteOrigin: () => string;
  logger: Logger;
  /**
   * The address a request came from, for per-IP rate limits: the socket's peer on Node,
   * `CF-Connecting-IP` on Cloudflare (set by Cloudflare's edge; a client cannot forge it there).
   * Handlers read it as `c.var.clientKey()`.
   */
  clientAddress: (c: Context) => string;
  /**
   * The shop's own photos (ADR 0089): an R2 bucket on Workers, a folder under .data/ on Node.
   * Without one, uploads answer 503 and no stored photo is found.
   */
  photos?: PhotoStore;
  /** Serves the built PWA for every non-API path (Workers Static Assets, or files on disk). */
  assets?: (request: Request) => Promise<Response>;
  /** Server-renders the catalogue pages into the shell; without it they are rendered in the browser. */
  renderPage?: PageRenderer;
};

/** What every handler finds in `c.var`. */
export type AppVariables = Omit<AppDeps, "openDatabase" | "clientAddress"> & {
  /**
   * Whom the per-address limits and the insights' bound count this request as: its address,
   * an IPv6 one as its /64 (worker/lib/client-key.ts, ADR 0064).
   */
  clientKey: () => string;
  db: Database;
  catalogueCache: CatalogueCache;
  requestId: string;
};

export type AppEnv = { Variables: AppVariables };

/** A sub-app for one resource, typed with the injected dependencies. */
export const createRouter = () => new Hono<AppEnv>();
