import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";

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
 * The e2e tests drive the built PWA and its server renderer: built when missing or stale.
 * Returns the path of the server renderer (dist/ssr/entry-server.js).
 */
export function ensureWebBuilt(): string {
  // The same check `npm start` makes: builds when dist/ is missing or older than its sources.
  execFileSync(process.execPath, [join(root, "worker/cli/build-web-if-needed.ts")], { cwd: root, stdio: "inherit" });
  return join(root, "dist/ssr/entry-server.js");
}

/**
 * The real Node server (API + built PWA on one port), in-process on a free port, over a fresh
 * libSQL file in a temp folder that `close()` removes. Seeded like a fresh install.
 *
 * @param options.webRoot the built PWA to serve, when not dist/web (a copy a test changes)
 * @param options.dispatchIntervalMs how often the periodic pass runs (e-mail, expired rows)
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: { webRoot?: string; dispatchIntervalMs?: number } = {},
): Promise<TestServer> {
  ensureWebBuilt();
  const dir = mkdtempSync(join(tmpdir(), "wellness-e2e-"));
  const adminEmail = "admin@e2e.test";
  const adminPassword = "e2e-admin-password";
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
      { port: 0, ...options },
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
