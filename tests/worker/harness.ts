import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { convertV4MiniflareOptions, type Log, Miniflare } from "miniflare";
import { afterAll, beforeAll } from "vitest";
import { experimental_readRawConfig, unstable_getMiniflareWorkerOptions } from "wrangler";
import { seedDatabase } from "../../drizzle/seed/seed.ts";
import { newestMtime } from "../../worker/cli/build-web-if-needed.ts";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import { migrateDatabase } from "../../worker/db/migrate.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { type HranaServer, startHranaServer } from "../dev-tools/hrana-server.ts";
import { checkAnswer, servedDocument } from "../support/contract.ts";

// Worker runtime tests run the bundle that `wrangler deploy --dry-run` builds, under Miniflare
// (workerd), configured from wrangler.toml itself: compatibility date, assets (SPA fallback,
// run_worker_first), cron trigger and [vars]. Only the secrets and test settings are added.

const wranglerToml = join(projectRoot, "wrangler.toml");
const workerOutDir = join(projectRoot, "dist/worker");
export const workerScript = join(workerOutDir, "worker.js");

/** True when the Worker bundle is missing or older than its sources or the server renderer it includes. */
export function workerBuildIsStale(): boolean {
  const sources = ["worker", "wrangler.toml", "package-lock.json", "dist/ssr/entry-server.js"].map((p) =>
    newestMtime(join(projectRoot, p)),
  );
  return newestMtime(workerScript) < Math.max(...sources);
}

export type TestDatabase = { file: string; client: Client; db: Database; cleanup(): void };

/** A fresh database file, migrated and seeded from Node exactly as `npm run db:seed` does. */
export async function createTestDatabase(admin: { email: string; password: string }): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "worker-test-"));
  const file = join(dir, "app.db");
  const client = createClient({ url: `file:${file}` });
  const db = createDatabase(client);
  await migrateDatabase(db);
  await seedDatabase(db, { adminEmail: admin.email, adminPassword: admin.password });
  return {
    file,
    client,
    db,
    cleanup() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the built Worker. `vars` are added to wrangler.toml's [vars] (secrets, test settings).
 * Settings from a developer's .dev.vars are deliberately not read, so every machine runs the
 * same configuration.
 */
export async function startWorker(
  vars: Record<string, string>,
  {
    onLog,
    miniflare = {},
  }: {
    onLog?: (log: { level: string; message: string }) => void;
    /** More Miniflare options: bindings wrangler.toml leaves commented out (send_email), a log. */
    miniflare?: {
      email?: { send_email: { name: string; allowed_destination_addresses?: string[] }[] };
      log?: Log;
    };
  } = {},
): Promise<Miniflare> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(wranglerToml);
  const declaredVars = (experimental_readRawConfig({ config: wranglerToml }).rawConfig.vars ?? {}) as Record<
    string,
    string
  >;
  // The bundle is one ES module plus the WebAssembly modules it imports (the argon2 engine),
  // which wrangler writes beside it and workerd loads as compiled modules.
  const { modulesRules: _unused, bindings: _devBindings, ...options } = workerOptions;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...options,
      name: "wellness-shop",
      modulesRoot: workerOutDir,
      modules: [
        { type: "ESModule", path: workerScript },
        ...readdirSync(workerOutDir)
          .filter((file) => file.endsWith(".wasm"))
          .map((file) => ({ type: "CompiledWasm" as const, path: join(workerOutDir, file) })),
      ],
      bindings: { ...declaredVars, ...vars },
      // The Worker's own console: an error it logs fails the test (fail-on-console-error.ts),
      // unless the test takes the logs to assert on them.
      handleStructuredLogs:
        onLog ??
        ((log) => {
          if (log.level === "error") console.error(`workerd: ${log.message}`);
          else console.log(`workerd: ${log.message}`);
        }),
      ...miniflare,
    }),
  );
  await mf.ready;
  return checkedWorker(mf);
}

/**
 * Each answer of `mf.dispatchFetch` checked against the /api/openapi.json the Worker serves
 * (../support/contract.ts; a mismatch fails the test that received it).
 */
function checkedWorker(mf: Miniflare): Miniflare {
  const dispatch = mf.dispatchFetch.bind(mf);
  const source = servedDocument(() => dispatch("http://shop.test/api/openapi.json"));
  mf.dispatchFetch = async (input, init) => {
    const response = await dispatch(input, init);
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    await checkAnswer(source, method, request?.url ?? String(input), response);
    return response;
  };
  return mf;
}

/** The administrator the test databases are seeded with. */
export const testAdmin = { email: "admin@example.com", password: "admin-password-123" };

/** The Worker's settings in the tests: the secrets a deployment sets, and test values. */
export const testSettings = {
  APP_ENV: "test",
  JWT_SECRET: "test-jwt-secret-that-is-at-least-32-bytes-long",
  ADMIN_EMAIL: testAdmin.email,
  PUBLIC_URL: "http://shop.test",
  LOG_LEVEL: "warn",
};

export type WorkerShop = { database: TestDatabase; hrana: HranaServer; worker: Miniflare; stop(): Promise<void> };

/**
 * The built Worker over a fresh seeded database, served to it over Turso's HTTP protocol by the
 * local endpoint (with `authToken` required, when given, as Turso requires one). `settings` are
 * added to testSettings.
 */
export async function startWorkerShop({
  authToken,
  settings = {},
  onLog,
}: {
  authToken?: string;
  settings?: Record<string, string>;
  /** The Worker's console, for a test that provokes a logged error (see startWorker). */
  onLog?: (log: { level: string; message: string }) => void;
} = {}): Promise<WorkerShop> {
  const database = await createTestDatabase(testAdmin);
  const hrana = await startHranaServer({ file: database.file, ...(authToken ? { authToken } : {}) });
  const worker = await startWorker(
    {
      ...testSettings,
      ...settings,
      DATABASE_URL: hrana.url,
      ...(authToken ? { DATABASE_AUTH_TOKEN: authToken } : {}),
    },
    onLog ? { onLog } : {},
  );
  return {
    database,
    hrana,
    worker,
    async stop() {
      await worker.dispose();
      await hrana.close();
      database.cleanup();
    },
  };
}

export type ShopRequest = {
  /** Sent as JSON. */
  body?: unknown;
  /** An access token, sent as `Authorization: Bearer`. */
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Another client than the file's own, such as a stranger guessing passwords. */
  clientAddress?: string;
};

/**
 * A test file's Worker shop: started before its tests, stopped after them, and requests to it as
 * one client, `clientAddress` (CF-Connecting-IP, which the limits count by). Each file has an
 * address of its own; a request names another for a stranger or a fresh count. `origin` is the
 * address the requests name: an https one gets the Secure cookies a deployment sets. A redirect
 * is an answer to assert on, so it is never followed.
 */
export function setUpWorkerShop({
  clientAddress,
  origin = "http://shop.test",
  settings,
  onLog,
}: {
  clientAddress: string;
  origin?: string;
  /** Added to testSettings. */
  settings?: Record<string, string>;
  /** The Worker's console, for a test that provokes a logged error (see startWorker). */
  onLog?: (log: { level: string; message: string }) => void;
}) {
  let started: WorkerShop | undefined;
  beforeAll(async () => {
    started = await startWorkerShop({ settings, ...(onLog ? { onLog } : {}) });
  });
  afterAll(() => started?.stop());
  const shop = () => {
    if (!started) throw new Error("the Worker shop is used before beforeAll started it");
    return started;
  };

  const request = async (method: string, path: string, init: ShopRequest = {}) => {
    const headers = {
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      "CF-Connecting-IP": init.clientAddress ?? clientAddress,
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    };
    const options = {
      method,
      redirect: "manual" as const,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    };
    // Miniflare's dispatchFetch drops a header whose value is empty, which workerd itself passes
    // on (an empty `Idempotency-Key` must reach the Worker to be refused): such a request goes
    // to workerd's own loopback socket.
    if (Object.values(headers).includes("")) {
      const answer = await fetch(new URL(path, await shop().worker.ready), options);
      // The same Fetch API answer; only its type is Node's and not Miniflare's.
      return answer as unknown as Awaited<ReturnType<Miniflare["dispatchFetch"]>>;
    }
    return shop().worker.dispatchFetch(`${origin}${path}`, options);
  };

  return {
    get worker() {
      return shop().worker;
    },
    get database() {
      return shop().database;
    },
    request,
    /** A member's or the administrator's sign-in, on the route the shop's pages use. */
    signIn: (email: string, password: string, init: Omit<ShopRequest, "body"> = {}) =>
      request("POST", "/api/auth/token?grant_type=password", { ...init, body: { email, password } }),
  };
}
