import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import type { InitialData } from "../../worker/contract/initial-data.ts";
import { sharePreviewsPath } from "../../worker/contract/share-previews.ts";
import { migrateDatabase, migrationsFolder } from "../../worker/db/migrate.ts";
import { products } from "../../worker/db/schema.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { createCategory, createMember, createProduct, productBody } from "../support/factories.ts";
import { migrationsUpTo } from "../support/migrations.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 30, the server half: a product suits zero to four temperaments (docs/decisions/
// 0048-product-temperaments.md); the admin writes them, every read carries them, and the list
// filters by one. In-process over a real libSQL file; the Worker counterpart is
// tests/worker/product-temperaments.test.ts.

const shell = `<!doctype html><html lang="en"><head><title>Shell</title></head><body><div id="root"></div></body></html>`;
const assets = async (request: Request) =>
  new URL(request.url).pathname === sharePreviewsPath
    ? new Response("missing", { status: 404 })
    : new Response(shell, { headers: { "Content-Type": "text/html" } });

const { app, db } = await createTestApp({ SIGNIN_LIMIT_PER_IP: 1000 }, { assets });
const admin = await createMember(db, { email: testSettings.ADMIN_EMAIL, role: "admin", password: "admin-pass-1" });
const adminToken = await signInAdmin(app, admin);

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}`, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const getJson = async <T>(path: string, init?: RequestInit) => {
  const res = await app.request(path, init);
  return { res, body: (await res.json()) as T };
};

/** A 400 in the API's error shape that names `field` itself. */
async function expectRefusal(res: Response, field: string): Promise<ErrorBody> {
  expect(res.status, `expected a 400 naming ${field}`).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe("invalid_request");
  expect(Object.keys(body.fields ?? {})).toEqual([field]);
  expect(body.detail).toMatch(new RegExp(`^Invalid ${field}: `));
  return body;
}

const category = await createCategory(db, { name: "Bitki Çayları" });

describe("writing and reading a product's temperaments", () => {
  it("takes them on POST and sends them on every read, in the canonical order", async () => {
    const created = await call(
      "POST",
      "/api/admin/products",
      productBody(category.id, { name: "Tarçın", temperaments: ["phlegmatic", "melancholic"] }),
    );
    expect(created.status).toBe(201);
    const product = (await created.json()) as Product;
    expect(product.temperaments).toEqual(["melancholic", "phlegmatic"]);

    expect((await getJson<Product>(`/api/products/${product.id}`)).body.temperaments).toEqual([
      "melancholic",
      "phlegmatic",
    ]);
    const { body: list } = await getJson<Product[]>("/api/products");
    expect(list.find((p) => p.id === product.id)?.temperaments).toEqual(["melancholic", "phlegmatic"]);
    expect(list.every((p) => Array.isArray(p.temperaments))).toBe(true);
  });

  it("keeps all four, in the canonical order whatever order they were sent in", async () => {
    const res = await call(
      "POST",
      "/api/admin/products",
      productBody(category.id, { temperaments: ["phlegmatic", "choleric", "sanguine", "melancholic"] }),
    );
    expect(((await res.json()) as Product).temperaments).toEqual(["sanguine", "choleric", "melancholic", "phlegmatic"]);
  });

  it("gives a product without temperaments (sent empty or not at all) an empty list: for everyone", async () => {
    const without = (await (await call("POST", "/api/admin/products", productBody(category.id))).json()) as Product;
    const empty = (await (
      await call("POST", "/api/admin/products", productBody(category.id, { temperaments: [] }))
    ).json()) as Product;
    expect(without.temperaments).toEqual([]);
    expect(empty.temperaments).toEqual([]);
    expect((await getJson<Product>(`/api/products/${without.id}`)).body.temperaments).toEqual([]);
    // The factory's product, written as an older version of the shop wrote rows.
    const old = await createProduct(db, { categoryId: category.id });
    expect((await getJson<Product>(`/api/products/${old.id}`)).body.temperaments).toEqual([]);
  });

  it.each([
    ["an unknown name", ["sanguine", "happy"]],
    ["a name in another case", ["Melancholic"]],
    ["a repeated name", ["choleric", "choleric"]],
    ["a single name instead of a list", "melancholic"],
    ["a number in the list", [1]],
    ["null", null],
    ["the four names and one more", ["sanguine", "choleric", "melancholic", "phlegmatic", "sanguine"]],
  ])("refuses %s with 400 naming temperaments, on POST and PUT, and writes nothing", async (_, temperaments) => {
    const before = await db.$count(products);
    await expectRefusal(
      await call("POST", "/api/admin/products", productBody(category.id, { temperaments })),
      "temperaments",
    );
    expect(await db.$count(products)).toBe(before);

    const product = await createProduct(db, { categoryId: category.id, temperaments: ["sanguine"] });
    await expectRefusal(
      await call("PUT", `/api/admin/products/${product.id}`, productBody(category.id, { temperaments })),
      "temperaments",
    );
    expect((await getJson<Product>(`/api/products/${product.id}`)).body).toMatchObject({
      temperaments: ["sanguine"],
      version: 1,
    });
  });

  it("keeps the stored temperaments on a PUT without the field (an older client), and replaces them on one with it", async () => {
    const created = (await (
      await call(
        "POST",
        "/api/admin/products",
        productBody(category.id, { name: "Papatya", temperaments: ["sanguine", "choleric"] }),
      )
    ).json()) as Product;

    const renamed = await call(
      "PUT",
      `/api/admin/products/${created.id}`,
      productBody(category.id, { name: "Papatya Çayı" }),
    );
    expect(renamed.status).toBe(200);
    expect((await renamed.json()) as Product).toMatchObject({
      name: "Papatya Çayı",
      temperaments: ["sanguine", "choleric"],
    });
    expect((await getJson<Product>(`/api/products/${created.id}`)).body.temperaments).toEqual(["sanguine", "choleric"]);

    const changed = await call(
      "PUT",
      `/api/admin/products/${created.id}`,
      productBody(category.id, { name: "Papatya Çayı", temperaments: ["choleric"] }),
    );
    expect(((await changed.json()) as Product).temperaments).toEqual(["choleric"]);

    const cleared = await call(
      "PUT",
      `/api/admin/products/${created.id}`,
      productBody(category.id, { name: "Papatya Çayı", temperaments: [] }),
    );
    expect(((await cleared.json()) as Product).temperaments).toEqual([]);
    expect((await getJson<Product>(`/api/products/${created.id}`)).body.temperaments).toEqual([]);
  });

  it("sends them in the product page's embedded data", async () => {
    const product = await createProduct(db, { categoryId: category.id, temperaments: ["melancholic"] });
    const html = await (await app.request(`/products/${product.id}`)).text();
    const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
    const data = JSON.parse(match?.[1] ?? "{}") as InitialData;
    expect(data.product?.temperaments).toEqual(["melancholic"]);
  });

  it("reads whatever another writer stored as a list of known names, once each, in the canonical order", async () => {
    const product = await createProduct(db, { categoryId: category.id });
    const readBack = async (stored: string) => {
      await db.run(sql`update products set temperaments = ${stored} where id = ${product.id}`);
      return (await getJson<Product>(`/api/products/${product.id}`)).body.temperaments;
    };
    expect(await readBack('["phlegmatic", "lazy", "sanguine", "sanguine", 3]')).toEqual(["sanguine", "phlegmatic"]);
    expect(await readBack("not json")).toEqual([]);
    expect(await readBack('{"a": "choleric"}')).toEqual([]);
    expect(await readBack('"choleric"')).toEqual([]);
    // The list still answers, and filters, with such a row in it.
    expect((await app.request("/api/products?temperament=choleric")).status).toBe(200);
  });
});

describe("GET /api/products?temperament=", () => {
  const names = new Map<number, string>();
  let oils: Awaited<ReturnType<typeof createCategory>>;
  let teas: Awaited<ReturnType<typeof createCategory>>;
  const ours = (rows: Product[]) => rows.filter((p) => names.has(p.id)).map((p) => names.get(p.id));

  beforeAll(async () => {
    teas = await createCategory(db, { name: "Çaylar" });
    oils = await createCategory(db, { name: "Yağlar" });
    for (const fields of [
      { name: "Zencefil Çayı", categoryId: teas.id, sortOrder: 3, temperaments: ["melancholic", "phlegmatic"] },
      { name: "Melisa Çayı", categoryId: teas.id, sortOrder: 1, temperaments: ["sanguine", "choleric"] },
      { name: "Tarçın Çayı", categoryId: teas.id, sortOrder: 2, temperaments: ["melancholic"] },
      { name: "Kekik Yağı", categoryId: oils.id, sortOrder: 1, temperaments: ["phlegmatic", "melancholic"] },
      { name: "Badem Yağı", categoryId: oils.id, sortOrder: 2, temperaments: [] },
    ] as const) {
      const row = await createProduct(db, { ...fields, temperaments: [...fields.temperaments] });
      names.set(row.id, fields.name);
    }
  });

  it("lists only the products that suit the temperament, in display order", async () => {
    const { res, body } = await getJson<Product[]>("/api/products?temperament=melancholic");
    expect(res.status).toBe(200);
    expect(ours(body)).toEqual(["Kekik Yağı", "Tarçın Çayı", "Zencefil Çayı"]);
    expect(body.every((p) => p.temperaments.includes("melancholic"))).toBe(true);
    expect(ours((await getJson<Product[]>("/api/products?temperament=choleric")).body)).toEqual(["Melisa Çayı"]);
  });

  it("filters together with category_id", async () => {
    const { body } = await getJson<Product[]>(`/api/products?category_id=${teas.id}&temperament=melancholic`);
    expect(body.map((p) => names.get(p.id))).toEqual(["Tarçın Çayı", "Zencefil Çayı"]);
    expect(
      (await getJson<Product[]>(`/api/products?temperament=phlegmatic&category_id=${oils.id}`)).body.map((p) =>
        names.get(p.id),
      ),
    ).toEqual(["Kekik Yağı"]);
    expect((await getJson<Product[]>(`/api/products?temperament=sanguine&category_id=${oils.id}`)).body).toEqual([]);
  });

  it("embeds the /products page's first products of ?temperament=, alone and with ?category=, each its own page", async () => {
    const page = async (path: string) => {
      const res = await app.request(path);
      const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(await res.text());
      const list = (JSON.parse(match?.[1] ?? "{}") as InitialData).productList;
      return { list, names: ours(list?.products ?? []), etag: res.headers.get("ETag") };
    };
    const melancholic = await page("/products?temperament=melancholic");
    expect(melancholic.list?.temperament).toBe("melancholic");
    expect(melancholic.list?.category_id).toBeNull();
    expect(melancholic.names).toEqual(["Kekik Yağı", "Tarçın Çayı", "Zencefil Çayı"]);
    expect(melancholic.list?.products.every((p) => p.temperaments.includes("melancholic"))).toBe(true);
    expect(melancholic.list?.total).toBe(
      (await getJson<Product[]>("/api/products?temperament=melancholic")).body.length,
    );

    const melancholicTeas = await page(`/products?temperament=melancholic&category=${teas.id}`);
    expect([melancholicTeas.list?.category_id, melancholicTeas.list?.temperament]).toEqual([teas.id, "melancholic"]);
    expect([melancholicTeas.names, melancholicTeas.list?.total]).toEqual([["Tarçın Çayı", "Zencefil Çayı"], 2]);
    const none = await page(`/products?category=${oils.id}&temperament=sanguine`);
    expect([none.list?.products, none.list?.total]).toEqual([[], 0]);

    // The same filters in another order or with a tracking tag are the same page; an unknown
    // temperament is no filter, as in the app, and no page of its own: a 404 answered from the
    // unfiltered list's render (ADR 0068).
    expect((await page(`/products?category=${teas.id}&temperament=melancholic&utm_source=x`)).etag).toBe(
      melancholicTeas.etag,
    );
    const unfiltered = await page("/products");
    const unknown = await page("/products?temperament=happy");
    expect(unknown.list?.temperament).toBeUndefined();
    expect([unknown.etag, unknown.list?.total]).toEqual([
      unfiltered.etag?.replace(/"$/, '-noindex"'),
      unfiltered.list?.total,
    ]);
    expect(new Set([unfiltered.etag, melancholic.etag, melancholicTeas.etag, none.etag]).size).toBe(4);
  });

  it.each(["happy", "Melancholic", "", "melancholic,choleric"])(
    "refuses ?temperament=%s with 400 naming it",
    async (value) => {
      const body = await expectRefusal(await app.request(`/api/products?temperament=${value}`), "temperament");
      expect(body.fields).toEqual({ temperament: "must be sanguine, choleric, melancholic or phlegmatic" });
    },
  );

  it("refuses the temperament named twice", async () => {
    await expectRefusal(await app.request("/api/products?temperament=choleric&temperament=sanguine"), "temperament");
  });

  it("caches each filtered list under its own key: its own ETag, and up to date after a write", async () => {
    const all = await app.request("/api/products");
    const melancholic = await app.request("/api/products?temperament=melancholic");
    const teasOnly = await app.request(`/api/products?category_id=${teas.id}`);
    const melancholicTeas = await app.request(`/api/products?category_id=${teas.id}&temperament=melancholic`);
    const etags = [all, melancholic, teasOnly, melancholicTeas].map((res) => res.headers.get("ETag"));
    expect(new Set(etags).size).toBe(4);

    // Another list's ETag is not this one's.
    const other = await app.request("/api/products?temperament=choleric", {
      headers: { "If-None-Match": etags[1] ?? "" },
    });
    expect(other.status).toBe(200);
    const same = await app.request("/api/products?temperament=melancholic", {
      headers: { "If-None-Match": etags[1] ?? "" },
    });
    expect(same.status).toBe(304);

    // The filtered list follows the admin's change at once.
    const badem = [...names].find(([, name]) => name === "Badem Yağı")?.[0] as number;
    const put = await call(
      "PUT",
      `/api/admin/products/${badem}`,
      productBody(oils.id, { name: "Badem Yağı", temperaments: ["melancholic"] }),
    );
    expect(put.status).toBe(200);
    const after = await app.request("/api/products?temperament=melancholic", {
      headers: { "If-None-Match": etags[1] ?? "" },
    });
    expect(after.status).toBe(200);
    expect(ours((await after.json()) as Product[])).toContain("Badem Yağı");
  });
});

describe("migration 0008", async () => {
  const before0008 = migrationsUpTo("0007_ids-never-reused");
  const through0008 = migrationsUpTo("0008_product-temperaments");
  const old = await createTestApp({}, {}, { migrationsFolder: before0008 });

  it("is one plain ADD COLUMN", () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const tag = journal.entries.find((entry) => entry.tag.startsWith("0008_"))?.tag;
    expect(tag).toBeDefined();
    const statements = readFileSync(join(migrationsFolder, `${tag}.sql`), "utf8")
      .replace(/^--.*\n/gm, "")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    expect(statements).toEqual(["ALTER TABLE `products` ADD `temperaments` text DEFAULT '[]' NOT NULL;"]);
  });

  it("gives every existing product an empty list and keeps everything else as it was", async () => {
    await old.db.run(sql`insert into categories (name) values ('Çaylar')`);
    await old.db.run(
      sql`insert into products (name, short_description, category_id, images, etsy_link, sort_order, version)
          values ('Ihlamur', 'Kısa', 1, '["/images/a.svg"]', 'https://www.etsy.com/listing/1/a', 4, 7)`,
    );
    const stored = async () => ({
      products: await old.db.all(sql`select * from products order by id`),
      schema: await old.db.all(
        sql`select type, name, sql from sqlite_master
            where type in ('index', 'trigger') and tbl_name in ('products', 'categories') order by name`,
      ),
      version: await old.db.all(sql`select * from catalogue_state`),
    });
    const before = await stored();
    // Up to 0008 only: a later migration (0013's English texts) adds columns of its own.
    await migrate(old.db, { migrationsFolder: through0008 });
    const after = await stored();

    expect(after.products).toEqual(before.products.map((row) => ({ ...(row as object), temperaments: "[]" })));
    expect(after.schema).toEqual(before.schema);
    expect(after.version).toEqual(before.version);
    await migrateDatabase(old.db);
    const body = (await (await old.app.request("/api/products")).json()) as Product[];
    expect(body).toMatchObject([{ name: "Ihlamur", temperaments: [], sort_order: 4, version: 7 }]);
  });
});
