/**
 * Child process: the real Node server (`worker/entries/node.ts`, APP_ENV=production, the built
 * PWA and the API on one loopback port) over a fresh libSQL file in its own temp folder,
 * migrated and seeded as on a fresh install. `--products N` tops the catalogue up to N products
 * (copies of the seeded ones, so the payload has realistic texts). Prints one JSON ready line:
 * {"ready":true,"url":…,"port":…,"tempDir":…,"products":…}.
 *
 *   node tests/bench/app-server.ts [--products 500]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { seedProducts } from "../../drizzle/seed/catalogue.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { products } from "../../worker/db/schema.ts";
import { startNodeServer } from "../../worker/entries/node.ts";
import { announceReady } from "./child.ts";
import { root } from "./common.ts";

const { values } = parseArgs({ options: { products: { type: "string", default: "0" } } });
const wanted = Number(values.products);
if (!Number.isInteger(wanted) || wanted < 0)
  throw new Error(`--products must be a whole number, got ${values.products}`);

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
};

try {
  const server = await startNodeServer(env, { port: 0 });
  const count = await topUpCatalogue(wanted);
  announceReady({ url: server.url, port: Number(new URL(server.url).port), tempDir, products: count }, async () => {
    await server.close();
    removeTempDir();
  });
} catch (error) {
  removeTempDir();
  throw error;
}

/** Inserts copies of the seeded products (plain batched inserts) until there are `total`. */
async function topUpCatalogue(total: number): Promise<number> {
  const { client, db } = openNodeDatabase({ DATABASE_URL: env.DATABASE_URL, DATABASE_AUTH_TOKEN: undefined }, root);
  try {
    let count = await db.$count(products);
    const rows: (typeof products.$inferInsert)[] = [];
    for (let n = count; n < total; n++) {
      const p = seedProducts[n % seedProducts.length];
      if (!p) break;
      const copy = Math.floor(n / seedProducts.length);
      rows.push({
        name: `${p.name} ${copy}`,
        shortDescription: p.short_description,
        description: p.description,
        longDescription: p.long_description,
        categoryId: p.category_id,
        images: p.images,
        etsyLink: `${p.etsy_link}-${copy}`,
        sortOrder: p.sort_order + copy,
      });
    }
    for (let i = 0; i < rows.length; i += 100) {
      await db.insert(products).values(rows.slice(i, i + 100));
    }
    count = await db.$count(products);
    return count;
  } finally {
    client.close();
  }
}
