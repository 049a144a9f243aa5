import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, dirname, extname, join, normalize, relative, resolve, sep } from "node:path";
import type { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import { getRequestListener, RequestError } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createMiddleware } from "hono/factory";
import { seedDatabase } from "../../drizzle/seed/seed.ts";
import { createApp } from "../app.ts";
import type { PasswordHasher } from "../auth/password.ts";
import { nodePasswordHasher } from "../auth/password-node.ts";
import { type AppConfig, ConfigError, parseConfig } from "../config/config.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { openNodeDatabase } from "../db/node-database.ts";
import { createDispatchRunner } from "../email/dispatch-runner.ts";
import { dispatchOutboxSafely } from "../email/dispatcher.ts";
import { createNodeMailer } from "../email/node-mailer.ts";
import { forgetFinishedDays } from "../insights/events.ts";
import { systemClock } from "../lib/clock.ts";
import { errorPageHtml, errorPageResponse } from "../lib/error-page.ts";
import { purgeExpiredAnswers } from "../lib/idempotency.ts";
import { createLogger } from "../lib/logger.ts";
import type { PageRenderer } from "../lib/page-renderer.ts";
import { forgetExpiredAttempts } from "../lib/rate-limit.ts";
import { securityHeaders, serviceWorkerHeaders, serviceWorkerPath } from "../lib/security-headers.ts";
import { createFolderPhotoStore } from "../photos/folder-photo-store.ts";
import { removeUnusedPhotos } from "../photos/unused-photos.ts";
import { loadNodeEnv, projectRoot } from "./node-env.ts";

const builtWebRoot = join(projectRoot, "dist/web");
const serverRenderer = join(projectRoot, "dist/ssr/entry-server.js");

/**
 * The photos' folder belongs to one database: the pass removes the files no product of *that*
 * database names, so a second copy (`DATABASE_URL=file:.data/second.db`) or a test's database
 * must never share the shop's folder. `.data/app.db` keeps its photos in `.data/photos/`, any
 * other file in `<name>-photos/` beside it; a remote database's in `.data/photos/`.
 */
export function photoFolderFor(databaseUrl: string): string {
  if (!databaseUrl.startsWith("file:")) return join(projectRoot, ".data/photos");
  const file = resolve(projectRoot, databaseUrl.slice("file:".length));
  const name = basename(file, extname(file));
  return join(dirname(file), name === "app" ? "photos" : `${name}-photos`);
}

/** How often the Node server's pass looks for unused photos. */
const photoPassEveryMs = 60 * 60 * 1000;

export type NodeServer = { url: string; config: AppConfig; close(): Promise<void> };

/**
 * The embedded default: libSQL in a local file, the built PWA and the API on one port, and the
 * e-mail dispatcher on a timer. Throws ConfigError for bad settings and StartupError when the
 * database cannot be opened or migrated.
 */
export async function startNodeServer(
  env: NodeJS.ProcessEnv = process.env,
  options: {
    port?: number;
    dispatchIntervalMs?: number;
    /** The built PWA to serve; dist/web unless a test serves a copy it changes (a new deploy). */
    webRoot?: string;
    /** Where the shop's own photos are kept (ADR 0089); .data/photos beside the database by default. */
    photoFolder?: string;
    /** Node's argon2 at today's parameters unless a test brings its faster hasher. */
    passwords?: PasswordHasher;
  } = {},
): Promise<NodeServer> {
  const raw = loadNodeEnv(projectRoot, env);
  const config = parseConfig(raw);
  const logger = createLogger(config.LOG_LEVEL);
  const mailer = createNodeMailer(config); // before the database: a transport Node lacks is a ConfigError
  const passwords = options.passwords ?? nodePasswordHasher;

  let opened: ReturnType<typeof openNodeDatabase> | undefined;
  try {
    opened = openNodeDatabase(config, projectRoot);
    await migrateDatabase(opened.db);
    await seedDatabase(opened.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      passwords,
    });
  } catch (error) {
    opened?.client.close();
    throw new StartupError(`Cannot open the database at ${config.DATABASE_URL}: ${describe(error)}`);
  }
  const { client, db } = opened;
  const photos = createFolderPhotoStore(options.photoFolder ?? photoFolderFor(config.DATABASE_URL));
  let lastPhotoPass = 0;
  // The timer and every wake share one runner: one pass at a time in this process, and a
  // message written during a pass goes out in the pass right after it.
  // Each pass also removes write answers past their 30 days (ADR 0057) and the insights' salts
  // of finished days (ADR 0065), after the e-mail and never beside it: on the embedded file, a
  // write of one while the other's transaction is open would wait for a lock on the very
  // thread that holds it.
  const dispatcher = createDispatchRunner(async () => {
    await dispatchOutboxSafely({
      db,
      mailer,
      clock: systemClock,
      logger,
      from: config.MAIL_FROM,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
    });
    await purgeExpiredAnswers(db, systemClock.now()).catch((error: unknown) =>
      logger.warn("expired write answers not purged, will retry", { error: describe(error) }),
    );
    // The insights' salts and bound rows of finished days (issue 37, ADR 0065).
    await forgetFinishedDays(db, systemClock.now()).catch((error: unknown) =>
      logger.warn("finished days' salts not deleted, will retry", { error: describe(error) }),
    );
    // Attempt counters past their window: their keys name client addresses, kept no longer than
    // the limit needs them (the privacy policy says so).
    await forgetExpiredAttempts(db, systemClock.now()).catch((error: unknown) =>
      logger.warn("expired attempt counters not removed, will retry", { error: describe(error) }),
    );
    // Photos no product has named for a week (ADR 0089), at most hourly: the folder's listing
    // reads every file's time, and a week's grace needs no 30-second precision.
    const now = systemClock.now();
    if (now.getTime() - lastPhotoPass >= photoPassEveryMs) {
      lastPhotoPass = now.getTime();
      await removeUnusedPhotos(db, photos, now).catch((error: unknown) =>
        logger.warn("unused photos not removed, will retry", { error: describe(error) }),
      );
    }
  });

  // Filled in once the server listens: outside production without PUBLIC_URL, links in pages
  // and e-mails name the address this server listens on, never the request's Host.
  let listeningOrigin = "";
  const shop = createApp({
    // The embedded client serves every request: Node has no per-request I/O to tie it to.
    openDatabase: () => db,
    clock: systemClock,
    mailer,
    passwords,
    emailWritten: dispatcher.wake,
    clientAddress: (c) => getConnInfo(c).remote.address ?? "unknown",
    config,
    siteOrigin: () => (config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : listeningOrigin),
    logger,
    photos,
    assets: serveBuiltWeb(options.webRoot ?? builtWebRoot),
    renderPage: await loadPageRenderer(),
  });
  // Workers compress responses themselves (and would compress an already compressed body
  // again); on Node the server does it. Mounted whole, so the shop's own not-found and error
  // answers reach the client: at "/", with the request as it came (nothing to strip from its
  // path) and Node's `env` (the socket, for the client's address and for work after the
  // answer); there is no execution context to look for (ADR 0061).
  const app = new Hono()
    .use(compress())
    .use(varyByEncoding)
    .mount("/", shop.fetch, { replaceRequest: false, optionHandler: (c) => [c.env] });

  const port = options.port ?? Number(raw.PORT ?? 8787);
  const hostname = raw.HOST ?? "127.0.0.1";
  const listener = getRequestListener(app.fetch, {
    hostname,
    // A request Node parsed but no URL can be made of (a backslash in the path, a malformed
    // Host): the error page with the security headers, not an empty 400.
    errorHandler: (error) =>
      error instanceof RequestError
        ? errorPageResponse(400, "The address of this request cannot be read.")
        : errorPageResponse(500, "Please try again in a moment."),
  });
  const server = createServer(listener);
  server.on("clientError", answerClientError);
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, hostname, () => done());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const url = `http://localhost:${boundPort}`;
  listeningOrigin = url;

  // What became due while the server was stopped goes now, not at the first tick.
  void dispatcher.wake();
  const timer = setInterval(dispatcher.wake, options.dispatchIntervalMs ?? 30_000);
  timer.unref();

  return {
    url,
    config,
    close: () =>
      new Promise<void>((done) => {
        clearInterval(timer);
        server.close(async () => {
          // A pass still sending would find the database closed under it.
          await dispatcher.idle();
          client.close();
          done();
        });
      }),
  };
}

/**
 * Every answer of the Node server may be compressed (by `compress()` above, from the client's
 * Accept-Encoding), so every answer says so in `Vary` before `compress()` looks at it (ADR 0061).
 * Set here on the answer's own headers, it costs nothing; `compress()` would otherwise set it
 * through `c.header()`, which copies an answer that is already complete into a new one read
 * from a stream: for an answer it then sends uncompressed, such as 618 kB of /api/products to
 * a client that asks for no encoding, that copy halved the server's throughput.
 */
const varyByEncoding = createMiddleware(async (c, next) => {
  await next();
  const vary = c.res.headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  c.res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
});

/**
 * Requests Node itself refuses before the app sees them (headers over 16 KB, a malformed request
 * line, a timeout): answered with the error page and the security headers, not Node's bare
 * status line. The connection closes, as Node's own answer does.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable || (error.code === "ECONNRESET" && socket.destroyed)) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const detail =
    status === 431
      ? "The request's headers are too large."
      : status === 408
        ? "The request took too long to arrive."
        : "This request cannot be read.";
  const body = Buffer.from(errorPageHtml(status, detail));
  const headers = {
    ...securityHeaders,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(body.byteLength),
    "Cache-Control": "no-store",
    Connection: "close",
  };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), body]));
}

export class StartupError extends Error {
  override name = "StartupError";
}

const describe = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);

/** The server renderer from `npm run build` (dist/ssr); without it pages render in the browser. */
async function loadPageRenderer(): Promise<PageRenderer | undefined> {
  if (!existsSync(serverRenderer)) return undefined;
  const module: { renderPage: PageRenderer } = await import(pathToFileURL(serverRenderer).href);
  return module.renderPage;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * Files from dist/web, `/` being index.html (and `/tr/` tr/index.html), as Workers Static Assets serves them: a missing file
 * is a 404 (the app answers other pages with the shell). Hashed assets are immutable; everything
 * else revalidates. The service worker script has headers of its own, as in dist/web/_headers.
 */
const serveBuiltWeb =
  (webRoot: string) =>
  async (request: Request): Promise<Response> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    const file = fileFor(webRoot, new URL(request.url).pathname);
    const found = file ? await readOrNull(file) : null;
    if (!file || !found) return new Response("Not Found", { status: 404 });
    const immutable = file.startsWith(join(webRoot, "assets", sep));
    return new Response(request.method === "HEAD" ? null : found, {
      headers: {
        "Content-Type": contentTypes[extname(file)] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
        ...(file === join(webRoot, serviceWorkerPath) ? serviceWorkerHeaders : {}),
      },
    });
  };

/** The file under dist/web a URL path names, or null for a malformed path or one that leads out. */
function fileFor(webRoot: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null; // malformed escapes, e.g. /%E0%A4%A
  }
  // A folder's address is its index.html (`/tr/` is the Turkish build's shell), as on Workers.
  const file = normalize(join(webRoot, path.endsWith("/") ? `${path}index.html` : path));
  const inside = relative(webRoot, file);
  return inside.startsWith("..") || inside.includes(`..${sep}`) ? null : file;
}

async function readOrNull(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

if (import.meta.main) {
  try {
    const server = await startNodeServer();
    console.log(`\n  Doğal Yaşam is running at ${server.url}  (APP_ENV=${server.config.APP_ENV})`);
    console.log(`  Database: ${server.config.DATABASE_URL}`);
    const transport = server.config.MAIL_TRANSPORT;
    if (server.config.APP_ENV === "development") {
      console.log(`  Mailbox: ${server.url}/dev/mailbox  (MAIL_TRANSPORT=${transport ?? "unset"})`);
    } else {
      console.log(
        `  E-mail: ${transport ? `MAIL_TRANSPORT=${transport}` : "MAIL_TRANSPORT unset, messages wait in the outbox"}`,
      );
    }
    console.log(`  Administrator: ${server.config.ADMIN_EMAIL}`);
    if (server.config.APP_ENV === "development")
      console.log(`  Administrator password: ${server.config.ADMIN_PASSWORD}`);
    console.log("");
    const stop = () => server.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
