import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { createDatabase, type Database } from "../../worker/db/client.ts";
import { migrateDatabase, migrationsFolder } from "../../worker/db/migrate.ts";
import { startHranaServer } from "../dev-tools/hrana-server.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { createMember, createProduct } from "../support/factories.ts";
import { migrationsUpTo } from "../support/migrations.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Migration 0007 (docs/decisions/0047-ids-are-never-reused.md) rebuilds products and categories
// as AUTOINCREMENT tables. A shop's database as it was at 0006, its catalogue written through
// the admin API as the admin's outbox writes it (with Idempotency-Keys), is migrated the two ways
// databases are: on the embedded file by the Node server (`migrateDatabase`), and over Turso's
// protocol as `drizzle-kit migrate` does for the Worker's database (the same migrator over a
// remote client; here the local Turso-protocol endpoint).

const before0007 = migrationsUpTo("0006_idempotency-keys-created-at");

/** What the migration must keep: the catalogue's rows, what is attached to its tables, its version. */
async function catalogueAsStored(db: Database) {
  return {
    categories: await db.all(sql`select * from categories order by id`),
    products: await db.all(sql`select * from products order by id`),
    indexesAndTriggers: await db.all(
      sql`select type, name, tbl_name, sql from sqlite_master
          where type in ('index', 'trigger') and tbl_name in ('products', 'categories') order by name`,
    ),
    foreignKeys: await db.all(sql`select * from pragma_foreign_key_list('products')`),
    catalogueState: await db.all(sql`select * from catalogue_state`),
  };
}

const catalogueVersion = async (db: Database) =>
  (await db.get<{ version: number }>(sql`select version from catalogue_state where id = 1`))?.version;

const fileOf = (url: string) => url.replace(/^file:/, "");

/** A product's fields as the admin API takes them, with `changes`. */
const inputOf = (p: Product, changes: Partial<Product> = {}) => {
  const { name, short_description, long_description, category_id, images, etsy_link } = { ...p, ...changes };
  return { name, short_description, long_description, category_id, images, etsy_link };
};

describe.each([
  ["on the embedded file, as the Node server migrates", async (db: Database) => migrateDatabase(db)],
  [
    "over Turso's protocol, as drizzle-kit migrate does for the Worker's database",
    async (_db: Database, file: string) => {
      const hrana = await startHranaServer({ file });
      const client = createClient({ url: hrana.url });
      try {
        await migrateDatabase(createDatabase(client));
      } finally {
        client.close();
        await hrana.close();
      }
    },
  ],
] as const)("migration 0007 %s", async (_, migrateToLatest) => {
  const shop = await createTestApp({ SIGNIN_LIMIT_PER_IP: 1000 }, {}, { migrationsFolder: before0007 });
  const { app, db, config } = shop;
  // The catalogue is written through today's API, which reads and writes today's product
  // columns: the database at 0006 is given the ones later migrations add (0008's temperaments,
  // as 0008 adds it). 0007's rebuild copies the columns of its time, 0008 adds the column back
  // with the same '[]', so every row still compares equal. Likewise the request hash today's
  // writes keep with their keys (0011), and the member's language today's sign-in reads (0012),
  // dropped again before migrating. The English texts (0013) as the temperaments: 0007 rebuilds
  // the tables without them, 0013 adds them back with the same ''.
  await db.run(sql`alter table products add temperaments text default '[]' not null`);
  for (const column of ["name_en", "short_description_en", "description_en", "long_description_en"]) {
    await db.run(sql.raw(`alter table products add ${column} text default '' not null`));
  }
  for (const column of ["name_en", "description_en"]) {
    await db.run(sql.raw(`alter table categories add ${column} text default '' not null`));
  }
  await db.run(sql`alter table idempotency_keys add request_hash text`);
  await db.run(sql`alter table users add locale text default 'en' not null`);
  const admin = await createMember(db, { email: testSettings.ADMIN_EMAIL, role: "admin", password: "admin-pass-1" });
  const token = await signInAdmin(app, admin);
  let keys = 0;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
        "Idempotency-Key": `outbox-${++keys}`,
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const product = async (categoryId: number, name: string) => {
    const res = await call("POST", "/api/admin/products", {
      name,
      short_description: `${name}, kısaca`,
      long_description: `<p>${name}</p>`,
      category_id: categoryId,
      images: ["/images/products/ihlamur.svg"],
      etsy_link: "https://www.etsy.com/listing/123/urun",
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Product;
  };
  const category = async (name: string) => {
    const res = await call("POST", "/api/admin/categories", { name, description: `${name} rafı` });
    expect(res.status).toBe(201);
    return (await res.json()) as Category;
  };

  // The catalogue at 0006: two categories with products, one renamed and one moved (version 2),
  // a product without a category, and the largest product and category deleted.
  const teas = await category("Çaylar");
  const oils = await category("Yağlar");
  const ihlamur = await product(teas.id, "Ihlamur");
  const adacayi = await product(teas.id, "Adaçayı");
  await createProduct(db, { categoryId: null, name: "Kategorisiz" });
  const renamed = await call(
    "PUT",
    `/api/admin/categories/${oils.id}`,
    { name: "Doğal Yağlar" },
    { "If-Match": '"1"' },
  );
  expect(renamed.status).toBe(200);
  const moved = await call("PUT", `/api/admin/products/${adacayi.id}`, inputOf(adacayi, { category_id: oils.id }), {
    "If-Match": '"1"',
  });
  expect(moved.status).toBe(200);
  const lastProduct = await product(teas.id, "Son ürün");
  const lastCategory = await category("Son kategori");
  expect((await call("DELETE", `/api/admin/products/${lastProduct.id}`, undefined, { "If-Match": '"1"' })).status).toBe(
    204,
  );
  expect(
    (await call("DELETE", `/api/admin/categories/${lastCategory.id}`, undefined, { "If-Match": '"1"' })).status,
  ).toBe(204);
  const stored = await catalogueAsStored(db);
  expect(stored.products.length).toBe(3);
  expect(stored.indexesAndTriggers.length).toBe(8);

  beforeAll(async () => {
    await db.run(sql`alter table idempotency_keys drop column request_hash`);
    await db.run(sql`alter table users drop column locale`);
    await migrateToLatest(db, fileOf(config.DATABASE_URL));
  });

  it("keeps every row and id, the indexes, the foreign key, the triggers and the catalogue version", async () => {
    expect(await catalogueAsStored(db)).toEqual(stored);
    const tables = await db.all<{ name: string; sql: string }>(
      sql`select name, sql from sqlite_master where type = 'table' and name in ('products', 'categories') order by name`,
    );
    expect(tables.map((t) => t.name)).toEqual(["categories", "products"]);
    for (const table of tables) expect(table.sql).toContain("AUTOINCREMENT");
    // The rows put aside during the rebuild are not left behind.
    expect(
      await db.all(sql`select name from sqlite_master where name in ('__products_rows', '__categories_rows')`),
    ).toEqual([]);
    expect(await db.all(sql`pragma foreign_key_check`)).toEqual([]);
    expect(await db.all(sql`pragma integrity_check`)).toEqual([{ integrity_check: "ok" }]);
  });

  it("moves the catalogue version, and the shoppers' ETag, on every kind of write after it", async () => {
    const etag = async () => (await app.request("/api/products")).headers.get("ETag");
    const writes: [string, () => Promise<Response>][] = [
      [
        "a product's update",
        () => call("PUT", `/api/admin/products/${ihlamur.id}`, inputOf(ihlamur, { name: "Ihlamur Çayı" })),
      ],
      ["a new product", () => call("POST", "/api/admin/products", inputOf(ihlamur, { name: "Papatya" }))],
      ["a category's update", () => call("PUT", `/api/admin/categories/${teas.id}`, { name: "Bitki Çayları" })],
      ["a new category", () => call("POST", "/api/admin/categories", { name: "Sabunlar" })],
      ["a product's delete", () => call("DELETE", `/api/admin/products/${ihlamur.id}`)],
    ];
    for (const [write, send] of writes) {
      const [version, tag] = [await catalogueVersion(db), await etag()];
      expect((await send()).status, write).toBeLessThan(300);
      expect(await catalogueVersion(db), write).toBeGreaterThan(version ?? Number.POSITIVE_INFINITY);
      expect(await etag(), write).not.toBe(tag);
    }
    const sabunlar = await db.get<{ id: number }>(sql`select id from categories where name = 'Sabunlar'`);
    const version = await catalogueVersion(db);
    expect((await call("DELETE", `/api/admin/categories/${sabunlar?.id}`)).status).toBe(204);
    expect(await catalogueVersion(db)).toBeGreaterThan(version ?? Number.POSITIVE_INFINITY);
  });

  it("gives new rows ids above every id before it, even the largest ones deleted before it", async () => {
    const newProduct = await product(oils.id, "Yeni ürün");
    expect(newProduct.id).toBeGreaterThan(lastProduct.id);
    const newCategory = await category("Yeni kategori");
    expect(newCategory.id).toBeGreaterThan(lastCategory.id);
    // A change the outbox queued before the delete finds nothing.
    const queued = await call(
      "PUT",
      `/api/admin/products/${lastProduct.id}`,
      inputOf(lastProduct, { name: "Kuyruktan" }),
      {
        "If-Match": '"1"',
      },
    );
    expect(queued.status).toBe(404);
  });
});

describe("migration 0007 with foreign keys enforced", () => {
  // The migrator turns the checks off before its transaction; the migration does not count on it.
  it("keeps every product's category", async () => {
    const shop = await createTestApp({}, {}, { migrationsFolder: before0007 });
    const client = createClient({ url: shop.config.DATABASE_URL });
    afterAll(() => client.close());
    await client.execute("insert into categories (id, name) values (1, 'Çaylar'), (2, 'Yağlar')");
    await client.execute(
      "insert into products (id, name, short_description, category_id, etsy_link) values (1, 'Ihlamur', 'x', 1, 'https://www.etsy.com/listing/1'), (2, 'Adaçayı', 'x', 2, 'https://www.etsy.com/listing/2'), (3, 'Kategorisiz', 'x', null, 'https://www.etsy.com/listing/3')",
    );
    const statements = readFileSync(join(migrationsFolder, "0007_ids-never-reused.sql"), "utf8").split(
      "--> statement-breakpoint",
    );
    await client.execute("pragma foreign_keys = on");
    expect((await client.execute("pragma foreign_keys")).rows[0]?.foreign_keys).toBe(1);
    await client.batch(statements, "write");
    const rows = (await client.execute("select id, category_id from products order by id")).rows;
    expect(rows.map((row) => [row.id, row.category_id])).toEqual([
      [1, 1],
      [2, 2],
      [3, null],
    ]);
    expect((await client.execute("select id from categories order by id")).rows.map((row) => row.id)).toEqual([1, 2]);
  });
});
