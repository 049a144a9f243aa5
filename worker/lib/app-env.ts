import { Hono } from "hono";
import type { AppConfig } from "../config/config.ts";
import type { Database } from "../db/client.ts";
import type { Mailer } from "../email/mailer.ts";
import type { CatalogueCache } from "./catalogue-cache.ts";
import type { Clock } from "./clock.ts";
import type { Logger } from "./logger.ts";
import type { PageRenderer } from "./page-renderer.ts";

/** Everything a handler may need, injected by the entry so tests can swap any of it. */
export type AppDeps = {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: AppConfig;
  logger: Logger;
  /** Serves the built PWA for every non-API path (Workers Static Assets, or files on disk). */
  assets?: (request: Request) => Promise<Response>;
  /** Server-renders the catalogue pages into the shell; without it they are rendered in the browser. */
  renderPage?: PageRenderer;
};

export type AppEnv = { Variables: AppDeps & { requestId: string; catalogueCache: CatalogueCache } };

/** A sub-app for one resource, typed with the injected dependencies. */
export const createRouter = () => new Hono<AppEnv>();
