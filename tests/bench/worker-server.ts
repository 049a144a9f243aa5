/**
 * Child process: the built Worker bundle (dist/worker) in workerd, under Miniflare configured
 * from wrangler.toml as the Worker tests run it (tests/worker/harness.ts), with production
 * settings, over a fresh libSQL file that the local Turso-protocol endpoint (dev-tools/) serves
 * to it, as Turso does in production. Migrated and seeded as `npm run db:seed` does;
 * `--products N` tops the catalogue up to N products, `--members N` adds N confirmed members
 * (password "bench-member-password") and `--set NAME=VALUE` adds a setting, as
 * tests/bench/app-server.ts does. Prints one JSON ready line:
 * {"ready":true,"url":…,"port":…,"tempDir":…,"products":…,"members":…}.
 *
 * The endpoint runs in this process and workerd in its own, so the bench process that sends the
 * load does nothing else.
 *
 *   node tests/bench/worker-server.ts [--products 1000] [--members 10] [--set SIGNIN_LIMIT_PER_IP=1000000]
 */
import { dirname } from "node:path";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { startHranaServer } from "../dev-tools/hrana-server.ts";
import { addMembers } from "../support/seed-members.ts";
import { createTestDatabase, startWorker, testAdmin } from "../worker/harness.ts";
import { topUpCatalogue } from "./catalogue-size.ts";
import { announceReady, serverArgs } from "./child.ts";

const { products: wanted, members: wantedMembers, settings } = serverArgs();

const database = await createTestDatabase(testAdmin);
try {
  const count = await topUpCatalogue(database.db, wanted);
  const members =
    wantedMembers === 0
      ? 0
      : await addMembers(database.db, {
          total: wantedMembers,
          passwordHash: await nodePasswordHasher.hash("bench-member-password"),
          domain: "bench.test",
        });
  const hrana = await startHranaServer({ file: database.file });
  const worker = await startWorker(
    {
      // The Node server's bench settings (app-server.ts); APP_ENV=production comes from wrangler.toml.
      JWT_SECRET: "bench-only-jwt-secret-that-is-long-enough-0123456789",
      ADMIN_EMAIL: testAdmin.email,
      PUBLIC_URL: "http://127.0.0.1",
      LOG_LEVEL: "silent",
      DATABASE_URL: hrana.url,
      ...settings,
    },
    {
      // Only errors reach the bench's output: a Worker failing under load must show.
      onLog: (log) => {
        if (log.level === "error") console.error(`workerd: ${log.message}`);
      },
    },
  );
  const url = (await worker.ready).origin;
  announceReady(
    { url, port: Number(new URL(url).port), tempDir: dirname(database.file), products: count, members },
    async () => {
      await worker.dispose();
      await hrana.close();
      database.cleanup();
    },
  );
} catch (error) {
  database.cleanup();
  throw error;
}
