import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, inject } from "vitest";
import { seedDatabase } from "../../drizzle/seed/seed.ts";
import { createDatabase } from "../../worker/db/client.ts";
import { migrateDatabase } from "../../worker/db/migrate.ts";
import { startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import { testPasswordHasher } from "./passwords.ts";

export type TestServer = {
  url: string;
  /** The server's libSQL file, for a test that must reach past the API (see members.ts). */
  databaseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** Its JWT_SECRET, for a test that finds a rate limit's row (attemptKey). */
  jwtSecret: string;
  close(): Promise<void>;
};

/**
 * What `npm run build` made, which the e2e and build tests drive (their global setup,
 * require-build.ts, stops a run whose build is missing or stale; no test builds).
 */
export const builtWebRoot = join(root, "dist/web");
export const builtServerRenderer = join(root, "dist/ssr/entry-server.js");

const adminEmail = "admin@e2e.test";
const adminPassword = "e2e-admin-password";

/**
 * A shop database as a fresh install leaves it (migrated, the survey, the sample catalogue and
 * the administrator), in `dir`; returns its path. The e2e global setup makes it once and every
 * test server starts from a copy.
 */
export async function createShopTemplate(dir: string): Promise<string> {
  const file = join(dir, "shop.db");
  const client = createClient({ url: `file:${file}` });
  try {
    const db = createDatabase(client);
    await migrateDatabase(db);
    await seedDatabase(db, { adminEmail, adminPassword, passwords: testPasswordHasher });
  } finally {
    client.close();
  }
  return file;
}

/**
 * The real Node server (API + built PWA on one port), in-process on a free port, over a fresh
 * libSQL file in a temp folder that `close()` removes: a copy of the e2e run's template where
 * there is one (e2e-setup.ts), else migrated and seeded here. Like a fresh install either way;
 * passwords are hashed at the test suite's parameters.
 *
 * @param options.webRoot the built PWA to serve, when not dist/web (a copy a test changes)
 * @param options.dispatchIntervalMs how often the periodic pass runs (e-mail, expired rows)
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: { webRoot?: string; dispatchIntervalMs?: number } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "wellness-e2e-"));
  const template = inject("shopTemplate");
  if (template) copyFileSync(template, join(dir, "app.db"));
  const databaseUrl = `file:${join(dir, "app.db")}`;
  const defaultSecret = "e2e-test-secret-that-is-long-enough-0123456789";
  try {
    const server = await startNodeServer(
      {
        ...process.env,
        APP_ENV: "test",
        DATABASE_URL: databaseUrl,
        JWT_SECRET: defaultSecret,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: "silent",
        ...overrides,
      },
      { port: 0, passwords: testPasswordHasher, ...options },
    );
    return {
      url: server.url,
      databaseUrl,
      adminEmail,
      adminPassword,
      jwtSecret: overrides.JWT_SECRET ?? defaultSecret,
      close: async () => {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** GET a JSON resource from the test server, failing the test unless it answers 200. */
export async function getJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Settings for the Node servers a test file starts itself, over a database file in a temp
 * folder that is removed after the file's tests.
 */
export function nodeServerSettings(overrides: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "shop-node-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    APP_ENV: "test",
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    JWT_SECRET: "node-server-test-secret-0123456789abcdef",
    ADMIN_EMAIL: "owner@test.local",
    ADMIN_PASSWORD: "owner-password",
    LOG_LEVEL: "silent",
    ...overrides,
  };
}
