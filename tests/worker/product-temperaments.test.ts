import { expect, it } from "vitest";
import { seedProducts } from "../../drizzle/seed/catalogue.ts";
import type { Product } from "../../worker/contract/catalogue.ts";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import { type InitialData, productsPageSize } from "../../worker/contract/initial-data.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// Issue 30's product temperaments in the production runtime: the built Worker under workerd over
// the local Turso-protocol endpoint, on a seeded database (tests/api/product-temperaments.test.ts
// has the full set of cases).

const shop = setUpWorkerShop({ clientAddress: "198.51.100.48" });
const { request } = shop;

/** A product name as React writes it into the markup. */
const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const listOf = async (path: string) => {
  const res = await request("GET", path);
  expect(res.status).toBe(200);
  return (await res.json()) as Product[];
};

async function adminToken(): Promise<string> {
  const login = await request("POST", "/api/admin/login", { body: testAdmin });
  expect(login.status).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

it("sends the seed's temperaments on every product, and filters by one alone and with category_id", async () => {
  const all = await listOf("/api/products");
  expect(all.every((p) => Array.isArray(p.temperaments))).toBe(true);
  const suitsMelancholic = all.filter((p) => p.temperaments.includes("melancholic"));
  expect(suitsMelancholic.length).toBeGreaterThan(0);
  expect(all.some((p) => p.temperaments.length === 0)).toBe(true);

  const filtered = await listOf("/api/products?temperament=melancholic");
  expect(filtered.map((p) => p.id)).toEqual(suitsMelancholic.map((p) => p.id));
  const seeded = seedProducts.filter((p) => p.temperaments.includes("melancholic")).map((p) => p.name);
  expect(filtered.map((p) => p.name).sort()).toEqual(seeded.sort());

  const categoryId = filtered[0]?.category_id as number;
  const both = await listOf(`/api/products?category_id=${categoryId}&temperament=melancholic`);
  expect(both.map((p) => p.id)).toEqual(suitsMelancholic.filter((p) => p.category_id === categoryId).map((p) => p.id));
});

it("renders /products?temperament= on the server, alone and with ?category=: the first products and the embedded list", async () => {
  const all = await listOf("/api/products");
  const page = async (path: string) => {
    const res = await request("GET", path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const data = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const list = (JSON.parse(data ?? "{}") as InitialData).productList;
    const root = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? "";
    return { list, root };
  };
  const suits = all.filter((p) => p.temperaments.includes("melancholic"));
  const forEveryone = all.find((p) => p.temperaments.length === 0) as Product;

  const alone = await page("/products?temperament=melancholic");
  expect(alone.list?.temperament).toBe("melancholic");
  expect(alone.list?.total).toBe(suits.length);
  expect(alone.list?.products.map((p) => p.id)).toEqual(suits.slice(0, productsPageSize).map((p) => p.id));
  expect(alone.root).toContain(escapeHtml(suits[0]?.name ?? "?"));
  expect(alone.root).not.toContain(escapeHtml(forEveryone.name));

  const categoryId = suits[0]?.category_id as number;
  const both = await page(`/products?temperament=melancholic&category=${categoryId}`);
  expect([both.list?.category_id, both.list?.temperament]).toEqual([categoryId, "melancholic"]);
  expect(both.list?.products.map((p) => p.id)).toEqual(
    suits.filter((p) => p.category_id === categoryId).map((p) => p.id),
  );
});

it("refuses an unknown temperament with 400 naming it", async () => {
  const res = await request("GET", "/api/products?temperament=cheerful");
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body).toMatchObject({ code: "invalid_request", fields: { temperament: expect.any(String) } });
});

it("writes temperaments, keeps them on a PUT without the field, and refuses an unknown name", async () => {
  const token = await adminToken();
  const [first] = await listOf("/api/products");
  const body = {
    name: "Zencefilli Tarçın Çayı",
    short_description: "Isıtan bir kış çayı",
    long_description: "<p>Sıcak.</p>",
    category_id: first?.category_id,
    images: ["/images/products/tarcin.svg"],
    etsy_link: "https://www.etsy.com/listing/777/tarcin",
  };
  const created = await request("POST", "/api/admin/products", {
    body: { ...body, temperaments: ["phlegmatic", "melancholic"] },
    token,
  });
  expect(created.status).toBe(201);
  const product = (await created.json()) as Product;
  expect(product.temperaments).toEqual(["melancholic", "phlegmatic"]);

  const renamed = await request("PUT", `/api/admin/products/${product.id}`, {
    body: { ...body, name: "Tarçın Çayı" },
    token,
  });
  expect(renamed.status).toBe(200);
  expect(((await renamed.json()) as Product).temperaments).toEqual(["melancholic", "phlegmatic"]);
  const read = await request("GET", `/api/products/${product.id}`);
  expect(((await read.json()) as Product).temperaments).toEqual(["melancholic", "phlegmatic"]);
  expect((await listOf("/api/products?temperament=phlegmatic")).map((p) => p.id)).toContain(product.id);

  const refused = await request("POST", "/api/admin/products", {
    body: { ...body, temperaments: ["melancholic", "moody"] },
    token,
  });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as ErrorBody).fields).toEqual({
    temperaments: expect.any(String),
  });

  const none = await request("POST", "/api/admin/products", { body: { ...body, name: "Sade Sabun" }, token });
  expect(((await none.json()) as Product).temperaments).toEqual([]);
});
