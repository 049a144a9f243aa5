import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type Client, createClient, type Transaction } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Context, Hono } from "hono";
import { afterAll } from "vitest";
import { createApp } from "../../worker/app.ts";
import type { PasswordHasher } from "../../worker/auth/password.ts";
import { type AppConfig, parseConfig } from "../../worker/config/config.ts";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import { migrateDatabase } from "../../worker/db/migrate.ts";
import type { Mailer, OutgoingEmail } from "../../worker/email/mailer.ts";
import type { AppDeps } from "../../worker/lib/app-env.ts";
import type { Clock } from "../../worker/lib/clock.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { createFolderPhotoStore } from "../../worker/photos/folder-photo-store.ts";
import { checkAnswer, servedDocument } from "./contract.ts";
import { testPasswordHasher } from "./passwords.ts";

export const testSettings = {
  APP_ENV: "test",
  JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long",
  ADMIN_EMAIL: "admin@test.local",
  LOG_LEVEL: "silent",
} as const;

/** A clock the test moves by hand. */
export function createTestClock(start = new Date("2026-11-01T10:00:00Z")) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

/** Keeps what would have been sent, for assertions. */
export function createMemoryMailer() {
  const sent: OutgoingEmail[] = [];
  return {
    transport: "memory",
    sent,
    async send(message: OutgoingEmail) {
      sent.push(message);
    },
  } satisfies Mailer & { sent: OutgoingEmail[] };
}

/** Waits for the event loop's next turn, as a statement sent over a network does. */
const nextTurn = () => new Promise((done) => setImmediate(done));

/** `target` with each of `methods` called only after the event loop's next turn. */
function afterATurn<T extends object>(target: T, methods: Record<string, ((value: never) => unknown) | null>): T {
  return new Proxy(target, {
    get(object, name) {
      const value = Reflect.get(object, name, object);
      if (typeof value !== "function") return value;
      if (typeof name !== "string" || !(name in methods)) return value.bind(object);
      const wrap = methods[name];
      return async (...args: unknown[]) => {
        await nextTurn();
        const result = await value.apply(object, args);
        return wrap ? wrap(result as never) : result;
      };
    },
  });
}

/**
 * The embedded client, with every statement, transaction step and commit waiting a turn of the
 * event loop first, as they do over a network. In-process requests then interleave between
 * statements as they do on Workers and against Turso; on the bare embedded client a request's
 * statements run without yielding, so races between requests never show.
 */
function withNetworkTurns(client: Client): Client {
  const transactionSteps = { execute: null, batch: null, executeMultiple: null, commit: null, rollback: null };
  return afterATurn(client, {
    execute: null,
    batch: null,
    executeMultiple: null,
    transaction: (tx: Transaction) => afterATurn(tx, transactionSteps),
  });
}

/**
 * A fresh libSQL database file migrated by the real migrations, removed after the test file.
 * One per test file (call at module level or in beforeAll). `networkTurns`: see withNetworkTurns.
 * `migrationsFolder`: other migrations than drizzle/'s, such as only its earlier ones (a
 * migration's test starts from the database before it).
 */
export async function createTestDatabase({
  networkTurns = false,
  migrationsFolder,
}: {
  networkTurns?: boolean;
  migrationsFolder?: string;
} = {}): Promise<{
  db: Database;
  url: string;
  file: string;
}> {
  const dir = mkdtempSync(join(tmpdir(), "shop-test-"));
  const file = join(dir, "app.db");
  const url = `file:${file}`;
  const client = createClient({ url });
  const db = createDatabase(networkTurns ? withNetworkTurns(client) : client);
  if (migrationsFolder) await migrate(db, { migrationsFolder });
  else await migrateDatabase(db);
  afterAll(() => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, url, file };
}

/**
 * In-process requests have no socket: a test names the client with `X-Test-Client` (so a
 * rate-limit test can act as several addresses), else every request is one client.
 */
export const testClientAddress = (c: Context) => c.req.header("X-Test-Client") ?? "192.0.2.1";

/**
 * The whole Hono app over a fresh database, called in-process with `app.request(...)`. Passwords
 * are hashed at the test suite's parameters unless `options.passwords` says otherwise.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  web: Pick<AppDeps, "assets" | "renderPage"> = {},
  options: { networkTurns?: boolean; migrationsFolder?: string; passwords?: PasswordHasher } = {},
) {
  const { passwords = testPasswordHasher, ...database } = options;
  const { db, url, file } = await createTestDatabase(database);
  // The shop's photos in a folder beside the database file, removed with it.
  const photoFolder = join(dirname(file), "photos");
  const photos = createFolderPhotoStore(photoFolder);
  const config = { ...parseConfig({ ...testSettings, DATABASE_URL: url }), ...overrides };
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  const logger = createLogger(config.LOG_LEVEL);
  // Tests run the dispatcher themselves, on the test clock.
  const app = checkedApp(
    createApp({
      openDatabase: () => db,
      clock,
      mailer,
      passwords,
      emailWritten: async () => {},
      clientAddress: testClientAddress,
      config,
      siteOrigin: () => new URL(config.PUBLIC_URL ?? "http://localhost").origin,
      logger,
      photos,
      ...web,
    }),
  );
  return { app, db, clock, mailer, config, photos, photoFolder };
}

/**
 * `app` with each answer of `app.request(...)` checked against the /api/openapi.json it serves
 * (contract.ts; a mismatch fails the test that received it). createTestApp's apps are checked;
 * a test that builds its app with createApp itself passes it through this.
 */
export function checkedApp<App extends { request: Hono["request"] }>(app: App): App {
  const request = app.request;
  const source = servedDocument(async () => request("/api/openapi.json"));
  app.request = (async (input: Parameters<Hono["request"]>[0], init?: RequestInit, ...rest: unknown[]) => {
    const response = await request(input, init, ...(rest as []));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const url = input instanceof Request ? input.url : String(input);
    await checkAnswer(source, method.toUpperCase(), url, response);
    return response;
  }) as Hono["request"];
  return app;
}

/** The shape of the built dist/web/index.html that matters to the server's renderer: title, description, head end. */
export const builtShell = `<!doctype html><html lang="en"><head><title>Shell</title>
<meta name="description" content="Shell description" />
<script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>`;

/** As the static assets: the shell at `/` (index.html), no file anywhere else. */
export const shellAtRootOnly = async (request: Request) =>
  new URL(request.url).pathname === "/"
    ? new Response(builtShell, { headers: { "Content-Type": "text/html" } })
    : new Response("not found", { status: 404 });
