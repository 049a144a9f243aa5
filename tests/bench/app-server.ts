/**
 * Child process: the real Node server (`worker/entries/node.ts`, APP_ENV=production, the built
 * PWA and the API on one loopback port) over a fresh libSQL file in its own temp folder,
 * migrated and seeded as on a fresh install. `--products N` tops the catalogue up to N products
 * (copies of the seeded ones, so the payload has realistic texts); `--members N` adds N confirmed
 * members, each with all 20 answers and a temperament result; `--set NAME=VALUE` (repeatable) adds
 * or overrides a setting (the load section's high sign-in limits). Prints one JSON ready line:
 * {"ready":true,"url":…,"port":…,"tempDir":…,"products":…,"members":…}.
 *
 *   node tests/bench/app-server.ts [--products 500] [--members 1000] [--set SIGNIN_LIMIT_PER_IP=1000000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { startNodeServer } from "../../worker/entries/node.ts";
import { addMembers } from "../support/seed-members.ts";
import { topUpCatalogue } from "./catalogue-size.ts";
import { announceReady, serverArgs } from "./child.ts";
import { root } from "./common.ts";

const { products: wanted, members: wantedMembers, settings } = serverArgs();

const tempDir = mkdtempSync(join(tmpdir(), "wellness-bench-"));
const removeTempDir = () => rmSync(tempDir, { recursive: true, force: true });

// Only what the bench sets: the parent's environment (PORT, a developer's DATABASE_URL…) stays out.
const env = {
  APP_ENV: "production",
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${join(tempDir, "app.db")}`,
  JWT_SECRET: "bench-only-jwt-secret-that-is-long-enough-0123456789",
  ADMIN_EMAIL: "admin@bench.test",
  ADMIN_PASSWORD: "bench-admin-password",
  PUBLIC_URL: "http://127.0.0.1",
  LOG_LEVEL: "silent",
  ...settings,
};

try {
  const server = await startNodeServer(env, { port: 0 });
  const { client, db } = openNodeDatabase({ DATABASE_URL: env.DATABASE_URL, DATABASE_AUTH_TOKEN: undefined }, root);
  const count = await topUpCatalogue(db, wanted).finally(() => client.close());
  const members = await seedMembers(wantedMembers);
  const ready = { url: server.url, port: Number(new URL(server.url).port), tempDir, products: count, members };
  announceReady(ready, async () => {
    await server.close();
    removeTempDir();
  });
} catch (error) {
  removeTempDir();
  throw error;
}

/** Adds the members (tests/support/seed-members.ts), sharing one password hash. */
async function seedMembers(total: number): Promise<number> {
  if (total === 0) return 0;
  const { client, db } = openNodeDatabase({ DATABASE_URL: env.DATABASE_URL, DATABASE_AUTH_TOKEN: undefined }, root);
  try {
    const passwordHash = await nodePasswordHasher.hash("bench-member-password");
    return await addMembers(db, { total, passwordHash, domain: "bench.test" });
  } finally {
    client.close();
  }
}
