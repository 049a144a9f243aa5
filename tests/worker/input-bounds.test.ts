import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// Issue 26's bounded inputs in the production runtime: the built Worker under workerd, reading
// the database through `@libsql/client/web` over the local Turso-protocol endpoint. The full
// cases are in tests/api/input-bounds.test.ts.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.31" });
const { request } = shop;
let token: string;
beforeAll(async () => {
  const login = await request("POST", "/api/admin/login", { body: testAdmin });
  ({ access_token: token } = (await login.json()) as { access_token: string });
});
/** The administrator's request; a visitor's is `request`. */
const asAdmin = (method: string, path: string, body?: unknown) => request(method, path, { body, token });

async function expectRefusal(res: Awaited<ReturnType<typeof request>>, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe("invalid_request");
  expect(Object.keys(body.fields ?? {}).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
}

const catalogue = async () => {
  const res = await request("GET", "/api/products");
  expect(res.status).toBe(200);
  return (await res.json()) as Product[];
};

it("refuses the reorder that took the catalogue down, and the catalogue and its pages still answer", async () => {
  const ids = (await catalogue()).map((p) => p.id);
  const max = Number.MAX_SAFE_INTEGER;
  await expectRefusal(
    await asAdmin("POST", "/api/admin/products/reorder", { reorder_by_ids: { ids, start_from: max, step: max } }),
    "reorder_by_ids",
  );
  expect((await catalogue()).map((p) => p.id)).toEqual(ids);
  for (const page of ["/", "/products", `/products/${ids[0]}`]) {
    const res = await request("GET", page);
    expect(res.status, page).toBe(200);
    await res.body?.cancel();
  }
});

it("reads rows another writer stored beyond JavaScript's safe integers, in their order", async () => {
  const [first, second, ...rest] = (await catalogue()).map((p) => p.id) as number[];
  await shop.database.db.run(sql`update products set sort_order = 9007199254740993 where id = ${first}`);
  await shop.database.db.run(sql`update products set sort_order = -9223372036854775808 where id = ${second}`);
  await shop.database.db.run(sql`update catalogue_state set version = 9007199254740993`);

  const read = await catalogue();
  expect(read.map((p) => p.id)).toEqual([second, ...rest, first]);
  expect(read.at(0)?.sort_order).toBe(-1_000_000_000);
  expect(read.at(-1)?.sort_order).toBe(1_000_000_000);
  const one = await request("GET", `/api/products/${first}`);
  expect(one.status).toBe(200);
  expect(((await one.json()) as Product).sort_order).toBe(1_000_000_000);
  for (const page of ["/", "/products", `/products/${first}`]) {
    const res = await request("GET", page);
    expect(res.status, page).toBe(200);
    await res.body?.cancel();
  }
});

/** A product of the seed, and the body that saves it unchanged. */
async function seedProduct() {
  const [product] = await catalogue();
  if (!product) throw new Error("the seed has products");
  const { id, created_at: _, updated_at: __, version: ___, ...body } = product;
  return { id, product, body };
}

it("refuses an id that is not spelled in plain decimal", async () => {
  const { id, product, body } = await seedProduct();
  await expectRefusal(
    await asAdmin("PUT", `/api/admin/products/0x${id.toString(16)}`, { ...body, name: "Değişti" }),
    "id",
  );
  await expectRefusal(await request("GET", `/api/products/${id}e0`), "id");
  await expectRefusal(await request("GET", "/api/products?category_id=1e0"), "category_id");
  expect((await catalogue()).find((p) => p.id === id)?.name).toBe(product.name);
});

it("refuses a control or bidi character in a name", async () => {
  const { id, product, body } = await seedProduct();
  await expectRefusal(await asAdmin("PUT", `/api/admin/products/${id}`, { ...body, name: "a\u0000b" }), "name");
  await expectRefusal(await asAdmin("POST", "/api/admin/categories", { name: "a\u202Eb" }), "name");
  expect((await catalogue()).find((p) => p.id === id)?.name).toBe(product.name);
});

it("refuses an image address that leads to another host", async () => {
  const { id, product, body } = await seedProduct();
  await expectRefusal(
    await asAdmin("PUT", `/api/admin/products/${id}`, { ...body, images: ["/\\evil.example/x.png"] }),
    "images",
  );
  expect((await catalogue()).find((p) => p.id === id)?.images).toEqual(product.images);
});

it("answers a sign-up with 60,000 unknown survey keys in under 4 kB", async () => {
  const survey_responses = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, "evet"]));
  const res = await request("POST", "/api/auth/signup", {
    body: {
      first_name: "Ayşe",
      last_name: "Yılmaz",
      email: "ayse@example.com",
      password: "gizli-parola",
      survey_responses,
    },
  });
  expect(res.status).toBe(400);
  expect((await res.text()).length).toBeLessThan(4_000);
});
