import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import type { Context } from "hono";
import { afterAll } from "vitest";
import { createApp } from "../../worker/app.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { type AppConfig, parseConfig } from "../../worker/config/config.ts";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import { migrateDatabase } from "../../worker/db/migrate.ts";
import type { Mailer, OutgoingEmail } from "../../worker/email/mailer.ts";
import type { AppDeps } from "../../worker/lib/app-env.ts";
import type { Clock } from "../../worker/lib/clock.ts";
import { createLogger } from "../../worker/lib/logger.ts";

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

/**
 * A fresh libSQL database file migrated by the real migrations, removed after the test file.
 * One per test file (call at module level or in beforeAll).
 */
export async function createTestDatabase(): Promise<{ db: Database; url: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), "shop-test-"));
  const file = join(dir, "app.db");
  const url = `file:${file}`;
  const client = createClient({ url });
  const db = createDatabase(client);
  await migrateDatabase(db);
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

/** The whole Hono app over a fresh database, called in-process with `app.request(...)`. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  web: Pick<AppDeps, "assets" | "renderPage"> = {},
) {
  const { db, url } = await createTestDatabase();
  const config = { ...parseConfig({ ...testSettings, DATABASE_URL: url }), ...overrides };
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  const logger = createLogger(config.LOG_LEVEL);
  // Tests run the dispatcher themselves, on the test clock.
  const app = createApp({
    openDatabase: () => db,
    clock,
    mailer,
    passwords: nodePasswordHasher,
    emailWritten: async () => {},
    clientAddress: testClientAddress,
    config,
    siteOrigin: () => new URL(config.PUBLIC_URL ?? "http://localhost").origin,
    logger,
    ...web,
  });
  return { app, db, clock, mailer, config };
}
