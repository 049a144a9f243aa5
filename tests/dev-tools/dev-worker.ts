import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { seedDatabase } from "../../drizzle/seed/seed.ts";
import { type AppConfig, ConfigError, parseConfig } from "../../worker/config/config.ts";
import { migrateDatabase } from "../../worker/db/migrate.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { loadNodeEnv, projectRoot } from "../../worker/entries/node-env.ts";
import { type HranaServer, startHranaServer } from "./hrana-server.ts";

// npm run dev:worker — the Worker under `wrangler dev`, on the same data as `npm start`.
// The Worker's database client speaks only HTTP, so a local file is served to it through the
// Hrana-over-HTTP endpoint the Worker runtime tests use (docs/decisions/0003-…); a remote
// DATABASE_URL (Turso) is handed to the Worker as it is.

const raw = loadNodeEnv(projectRoot);
// Not the Node server's PORT default (8787), so both can run side by side.
const port = Number(process.env.PORT || 8788);
let config: AppConfig;
try {
  config = parseConfig(raw);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const { client, db } = openNodeDatabase(config, projectRoot);
try {
  await migrateDatabase(db);
  await seedDatabase(db, { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD });
} catch (error) {
  console.error(
    `Cannot prepare the database at ${config.DATABASE_URL}: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
} finally {
  client.close();
}

let hrana: HranaServer | undefined;
let databaseUrl = config.DATABASE_URL;
if (databaseUrl.startsWith("file:")) {
  const file = resolve(projectRoot, databaseUrl.slice("file:".length).replace(/^\/\/(?=\/)/, ""));
  hrana = await startHranaServer({ file });
  databaseUrl = hrana.url;
  console.log(`  Database ${file} served over Hrana/HTTP at ${hrana.url}`);
}

// wrangler needs dist/web as the assets directory; this builds it when missing or stale.
execFileSync(process.execPath, [join(projectRoot, "worker/cli/build-web-if-needed.ts")], {
  cwd: projectRoot,
  stdio: "inherit",
});

const vars: Record<string, string | undefined> = {
  APP_ENV: "development",
  DATABASE_URL: databaseUrl,
  DATABASE_AUTH_TOKEN: hrana ? undefined : config.DATABASE_AUTH_TOKEN,
  JWT_SECRET: raw.JWT_SECRET,
  ADMIN_EMAIL: config.ADMIN_EMAIL,
  // The Worker cannot know its own address, and must never take it from a request's Host.
  PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${port}`,
  MAIL_TRANSPORT: raw.MAIL_TRANSPORT,
  MAIL_FROM: raw.MAIL_FROM,
  MAIL_MAX_ATTEMPTS: raw.MAIL_MAX_ATTEMPTS,
  MAIL_API_URL: raw.MAIL_API_URL,
  MAIL_API_KEY: raw.MAIL_API_KEY,
  CORS_ORIGINS: raw.CORS_ORIGINS,
  LOG_LEVEL: raw.LOG_LEVEL,
};
// Handed to wrangler in a git-ignored file (mode 600), never on its command line, where any user
// of the machine could read the secrets with `ps`. With --env-file wrangler reads this file
// instead of .dev.vars.
const envFile = join(projectRoot, ".wrangler/dev-worker.env");
mkdirSync(join(projectRoot, ".wrangler"), { recursive: true });
writeFileSync(
  envFile,
  Object.entries(vars)
    .flatMap(([name, value]) => (value ? [`${name}=${JSON.stringify(value)}`] : []))
    .join("\n"),
  { mode: 0o600 },
);
chmodSync(envFile, 0o600); // in case an older copy was made with other permissions

console.log(`  Starting wrangler dev on http://localhost:${port}`);
console.log(`  Mailbox: http://localhost:${port}/dev/mailbox`);
console.log(`  Run the cron trigger (e-mail dispatch): curl "http://localhost:${port}/cdn-cgi/handler/scheduled"\n`);
const wrangler: ChildProcess = spawn(
  process.execPath,
  [join(projectRoot, "node_modules/wrangler/bin/wrangler.js"), "dev", "--port", String(port), "--env-file", envFile],
  { cwd: projectRoot, stdio: "inherit" },
);

// Ctrl-C reaches wrangler through the terminal's process group; a signal sent to this process
// alone (kill, a supervisor) is passed on, and this process ends when wrangler does.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (wrangler.exitCode === null) wrangler.kill(signal);
  });
}
wrangler.on("exit", async (code, signal) => {
  await hrana?.close();
  process.exit(code ?? (signal ? 0 : 1));
});
