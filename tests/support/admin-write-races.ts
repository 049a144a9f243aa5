import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import type { Database } from "../../worker/db/client.ts";
import { idempotencyKeys, products } from "../../worker/db/schema.ts";
import { createCategory, createProduct, productBody } from "./factories.ts";

// Issue 28's server side, the same cases on both runtimes (tests/api/admin-write-races.test.ts
// in-process on Node, tests/worker/admin-write-races.test.ts in workerd): an admin write reaches
// the catalogue exactly once however often and however concurrently it is sent with one
// Idempotency-Key, and a reorder based on an order that moved is refused with the current order
// (docs/decisions/0044-…, 0045-…).

/** An answer as both runtimes give it (workerd's Response is not Node's). */
export type Answer = { status: number; headers: { get(name: string): string | null }; text(): Promise<string> };

export type AdminShop = {
  /** A request with the administrator's token; `body` is sent as JSON. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** The shop's database, opened from Node (for rows made behind the API's back, and checks). */
  db: Database;
};

/** Names the server error one case provokes, in its key and its message (the Worker logs both). */
export const provokedFailure = "server-fails-here";

/** How many concurrent copies of one request each race sends. */
const copies = 20;

/** Every answer is the first one: the same status and body, replayed but for one. */
async function expectOneAnswer(answers: Answer[], status: number): Promise<string> {
  const bodies = await Promise.all(answers.map((res) => res.text()));
  expect(answers.map((res) => res.status)).toEqual(Array(copies).fill(status));
  expect(new Set(bodies).size).toBe(1);
  expect(answers.filter((res) => res.headers.get("Idempotent-Replayed") !== "true")).toHaveLength(1);
  return bodies[0] as string;
}

const readJson = async <T>(res: Answer) => JSON.parse(await res.text()) as T;

export function adminWriteRaceCases(shop: () => AdminShop) {
  /** The ids of a category's products (all products without one), in the order the shop shows. */
  const shownOrder = async (categoryId?: number) => {
    const res = await shop().call(
      "GET",
      `/api/products${categoryId === undefined ? "" : `?category_id=${categoryId}`}`,
    );
    expect(res.status).toBe(200);
    return (await readJson<Product[]>(res)).map((p) => p.id);
  };

  /** A category of three products in a known order. */
  async function threeProducts() {
    const { db } = shop();
    const category = await createCategory(db);
    const made = [];
    for (const sortOrder of [1, 2, 3]) made.push(await createProduct(db, { categoryId: category.id, sortOrder }));
    return { category, ids: made.map((p) => p.id) };
  }

  const reorder = (ids: number[], categoryId: number | undefined, basedOn?: number[], key?: string) =>
    shop().call(
      "POST",
      "/api/admin/products/reorder",
      {
        reorder_by_ids: {
          ids,
          ...(categoryId === undefined ? {} : { category_id: categoryId }),
          ...(basedOn ? { based_on: basedOn } : {}),
        },
      },
      key ? { "Idempotency-Key": key } : {},
    );

  it(`creates one product from ${copies} concurrent copies of a create with one Idempotency-Key`, async () => {
    const { call, db } = shop();
    const category = await createCategory(db);
    const name = `Eşzamanlı ${crypto.randomUUID()}`;
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        call("POST", "/api/admin/products", productBody(category.id, { name }), headers),
      ),
    );
    const body = JSON.parse(await expectOneAnswer(answers, 201)) as Product;
    const made = await db.select({ id: products.id }).from(products).where(eq(products.name, name));
    expect(made).toEqual([{ id: body.id }]);
  });

  it(`updates once from ${copies} concurrent copies of a PUT with one Idempotency-Key and If-Match`, async () => {
    const { call, db } = shop();
    const category = await createCategory(db);
    const product = await createProduct(db, { categoryId: category.id });
    const headers = { "Idempotency-Key": crypto.randomUUID(), "If-Match": `"${product.version}"` };
    const body = productBody(category.id, { name: "Bir kez güncellendi" });
    const answers = await Promise.all(
      Array.from({ length: copies }, () => call("PUT", `/api/admin/products/${product.id}`, body, headers)),
    );
    const updated = JSON.parse(await expectOneAnswer(answers, 200)) as Product;
    expect(updated).toMatchObject({ id: product.id, name: "Bir kez güncellendi", version: product.version + 1 });
    const [stored] = await db.select({ version: products.version }).from(products).where(eq(products.id, product.id));
    expect(stored?.version).toBe(product.version + 1);
  });

  it(`reorders once from ${copies} concurrent copies of a reorder with one Idempotency-Key`, async () => {
    const { db } = shop();
    const { category, ids } = await threeProducts();
    const wanted = [...ids].reverse();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: copies }, () => reorder(wanted, category.id, undefined, key)),
    );
    await expectOneAnswer(answers, 200);
    expect(await shownOrder(category.id)).toEqual(wanted);
    // Each applied reorder bumps every row's version: applied once, each is at 2.
    const versions = await db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.categoryId, category.id));
    expect(versions.map((row) => row.version)).toEqual([2, 2, 2]);
  });

  it("records neither the write nor its key when the server fails before both are stored, and the retry applies once", async () => {
    const { call, db } = shop();
    const category = await createCategory(db);
    const name = `Yarıda kaldı ${crypto.randomUUID()}`;
    const key = `${provokedFailure}-${crypto.randomUUID()}`;
    // The server fails after the product is written and before its key is: as a process killed
    // at that moment, or a database error there.
    await db.run(
      sql.raw(`create trigger fail_key_once before insert on idempotency_keys when new.key = '${key}'
        begin select raise(abort, '${provokedFailure}'); end`),
    );
    const failed = await call("POST", "/api/admin/products", productBody(category.id, { name }), {
      "Idempotency-Key": key,
    });
    await db.run(sql`drop trigger fail_key_once`);
    expect(failed.status).toBe(500);
    expect(await readJson(failed)).toMatchObject({ code: "internal_error" });
    expect(await db.$count(products, eq(products.name, name))).toBe(0);
    expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.key, key))).toBe(0);

    const retried = await call("POST", "/api/admin/products", productBody(category.id, { name }), {
      "Idempotency-Key": key,
    });
    expect(retried.status).toBe(201);
    expect(await db.$count(products, eq(products.name, name))).toBe(1);
    const again = await call("POST", "/api/admin/products", productBody(category.id, { name }), {
      "Idempotency-Key": key,
    });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await db.$count(products, eq(products.name, name))).toBe(1);
  });

  it("applies a reorder based on the order the shop shows, in a category and across all products", async () => {
    const { category, ids } = await threeProducts();
    const [a, b, c] = ids as [number, number, number];
    const res = await reorder([c, a, b], category.id, await shownOrder(category.id));
    expect(res.status).toBe(200);
    expect(await shownOrder(category.id)).toEqual([c, a, b]);

    const all = await shownOrder();
    const wanted = [...all].reverse();
    expect((await reorder(wanted, undefined, all)).status).toBe(200);
    expect(await shownOrder()).toEqual(wanted);
  });

  type Change = (made: { ids: number[]; categoryId: number; db: Database }) => Promise<unknown>;
  const changes: [string, Change][] = [
    ["a product was added to the category", ({ categoryId, db }) => createProduct(db, { categoryId, sortOrder: 0 })],
    ["a product of it was deleted", ({ ids, db }) => db.delete(products).where(eq(products.id, ids[1] as number))],
    [
      "someone else reordered it",
      ({ ids, db }) =>
        db
          .update(products)
          .set({ sortOrder: 9 })
          .where(eq(products.id, ids[0] as number)),
    ],
  ];
  it.each(changes)(
    "refuses a reorder based on an order that moved (%s): 412 with the current order, nothing changed",
    async (_, change) => {
      const { db } = shop();
      const { category, ids } = await threeProducts();
      const seen = await shownOrder(category.id);
      await change({ ids, categoryId: category.id, db });
      const current = await shownOrder(category.id);
      expect(current).not.toEqual(seen);
      const rows = () =>
        db
          .select({ id: products.id, sortOrder: products.sortOrder, version: products.version })
          .from(products)
          .orderBy(products.id);
      const before = await rows();

      // The admin's order of what they saw, sent with what they saw.
      const res = await reorder([...seen].reverse(), category.id, seen, crypto.randomUUID());
      expect(res.status).toBe(412);
      const body = await readJson<{ code: string; detail: string; current: number[] }>(res);
      expect(body).toEqual({ code: "order_conflict", detail: expect.any(String), current });
      expect(await rows()).toEqual(before);
    },
  );

  it("applies exactly one of two reorders based on the same order and sent together; the other gets 412", async () => {
    const { category, ids } = await threeProducts();
    const [a, b, c] = ids as [number, number, number];
    const seen = await shownOrder(category.id);
    const orders = [
      [b, a, c],
      [c, b, a],
    ];
    const answers = await Promise.all(orders.map((order) => reorder(order, category.id, seen, crypto.randomUUID())));
    const statuses = answers.map((res) => res.status);
    expect([...statuses].sort()).toEqual([200, 412]);
    const applied = orders[statuses.indexOf(200)];
    expect(await shownOrder(category.id)).toEqual(applied);
    const refused = await readJson<{ current: number[] }>(answers[statuses.indexOf(412)] as Answer);
    expect(refused.current).toEqual(applied);
  });
}

/**
 * Issue 37: an `Idempotency-Key` names one request (docs/decisions/0066-…). An empty or overlong
 * key is refused, and the same key with another body or `If-Match` is a 422, never a replay of
 * an answer to something that was not applied; none of the refused requests writes anything.
 */
export function idempotencyKeyCases(shop: () => AdminShop) {
  let category: Promise<number> | undefined;
  /** The category the cases' products are made in, made by the first that needs it. */
  const categoryId = () => {
    category ??= createCategory(shop().db).then((made) => made.id);
    return category;
  };
  const create = async (name: string, headers: Record<string, string>) =>
    shop().call("POST", "/api/admin/products", productBody(await categoryId(), { name }), headers);
  /** Products of that name, and answers recorded under `key` (any administrator). */
  const written = async (name: string, key: string) => ({
    products: await shop().db.$count(products, eq(products.name, name)),
    keys: await shop().db.$count(idempotencyKeys, eq(idempotencyKeys.key, key)),
  });
  const expectError = async (res: Answer, status: number) => {
    expect(res.status).toBe(status);
    const body = await readJson<Record<string, unknown>>(res);
    expect(body).toEqual({ detail: expect.any(String), code: expect.any(String) });
    return body;
  };

  it("refuses an empty Idempotency-Key with 400, twice, and writes nothing", async () => {
    const name = `Boş anahtar ${crypto.randomUUID()}`;
    // The second was answered 201 "replayed" with the first's product, for 30 days.
    await expectError(await create(name, { "Idempotency-Key": "" }), 400);
    await expectError(await create(`${name} 2`, { "Idempotency-Key": "" }), 400);
    expect(await written(name, "")).toEqual({ products: 0, keys: 0 });
    expect(await written(`${name} 2`, "")).toEqual({ products: 0, keys: 0 });
  });

  it("refuses a 201-character Idempotency-Key with 400 and writes nothing; 200 characters is a key", async () => {
    const name = `Uzun anahtar ${crypto.randomUUID()}`;
    const tooLong = "k".repeat(201);
    await expectError(await create(name, { "Idempotency-Key": tooLong }), 400);
    expect(await written(name, tooLong)).toEqual({ products: 0, keys: 0 });
    const longest = `${crypto.randomUUID()}${"k".repeat(164)}`;
    expect((await create(name, { "Idempotency-Key": longest })).status).toBe(201);
    expect(await written(name, longest)).toEqual({ products: 1, keys: 1 });
  });

  it("replays the same key with the same body: the first answer, one product", async () => {
    const name = `Aynı istek ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    const first = await create(name, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const again = await create(name, { "Idempotency-Key": key });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
    expect(await written(name, key)).toEqual({ products: 1, keys: 1 });
  });

  it("refuses the same key with another body with 422 {detail, code}, and writes nothing", async () => {
    const name = `İlk gövde ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    const first = await create(name, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const other = `${name} (başka)`;
    const body = await expectError(await create(other, { "Idempotency-Key": key }), 422);
    expect(body.code).toBe("idempotency_key_reused");
    expect(await written(other, key)).toEqual({ products: 0, keys: 1 });
    // The first answer is still the key's, for its own request.
    const again = await create(name, { "Idempotency-Key": key });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
  });

  it("refuses the same key with another If-Match with 422, and writes nothing", async () => {
    const { call, db } = shop();
    const product = await createProduct(db, { categoryId: await categoryId() });
    const key = crypto.randomUUID();
    const path = `/api/admin/products/${product.id}`;
    const body = productBody(await categoryId(), { name: `Sürüm ${crypto.randomUUID()}` });
    const stale = await call("PUT", path, body, { "Idempotency-Key": key, "If-Match": `"${product.version + 5}"` });
    expect(stale.status).toBe(412);
    // The same change on the right version is a new request: under the old key it was the 412 again.
    await expectError(
      await call("PUT", path, body, { "Idempotency-Key": key, "If-Match": `"${product.version}"` }),
      422,
    );
    const [row] = await db.select({ version: products.version }).from(products).where(eq(products.id, product.id));
    expect(row?.version).toBe(product.version);
  });
}
