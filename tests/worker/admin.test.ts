import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import type { AdminShop } from "../support/admin-write-races.ts";
import { idsNeverReusedCases } from "../support/ids-never-reused.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// The administrator in the production runtime: the built Worker under workerd over the local
// Turso-protocol endpoint, on a seeded database.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.30" });
const { request } = shop;

it("logs in, creates a product, reorders, and the shopper's list shows it in place", async () => {
  const login = await request("POST", "/api/admin/login", { body: testAdmin });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };

  const before = (await (await request("GET", "/api/products")).json()) as Product[];
  const categoryId = before[0]?.category_id as number;
  const created = await request("POST", "/api/admin/products", {
    body: {
      name: "Adaçayı Yağı",
      short_description: "Taze ve ferah",
      long_description: '<p onclick="x()">Saf <script>alert(1)</script>yağ</p>',
      category_id: categoryId,
      images: ["/images/products/adacayi.svg"],
      etsy_link: "https://www.etsy.com/listing/999/adacayi",
    },
    token,
  });
  expect(created.status).toBe(201);
  const product = (await created.json()) as Product;
  expect(product.long_description).toBe("<p>Saf yağ</p>");

  const ids = [product.id, ...before.map((p) => p.id)];
  const reordered = await request("POST", "/api/admin/products/reorder", {
    body: { reorder_by_ids: { ids, start_from: 1, step: 1 } },
    token,
  });
  expect(reordered.status).toBe(200);

  const after = (await (await request("GET", "/api/products")).json()) as Product[];
  expect(after.map((p) => p.id)).toEqual(ids);
  expect(after[0]).toMatchObject({ name: "Adaçayı Yağı", sort_order: 1 });

  expect((await request("GET", "/api/admin/users")).status).toBe(401);
});

// ADR 0047, the same cases as in tests/api/admin.test.ts.
describe("ids are never reused", () => {
  let token: string;
  beforeAll(async () => {
    const login = await request("POST", "/api/admin/login", { body: testAdmin });
    ({ access_token: token } = (await login.json()) as { access_token: string });
  });
  const call: AdminShop["call"] = (method, path, body, headers) =>
    request(method, path, { body, token, ...(headers ? { headers } : {}) });
  idsNeverReusedCases(() => ({ call, db: shop.database.db }));
});
