import { eq, max } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { categories, products } from "../../worker/db/schema.ts";
import type { AdminShop, Answer } from "./admin-write-races.ts";
import { createCategory, productBody } from "./factories.ts";

// docs/decisions/0047-ids-are-never-reused.md, the same cases on both runtimes
// (tests/api/admin.test.ts in-process on Node, tests/worker/admin.test.ts in workerd): a
// product's or category's id is never given to another row, even the largest after its row is
// deleted. The admin's offline outbox (issue 28) sends changes by id with `If-Match`, so a
// change queued for a row another admin deleted must find nothing, not a newer row with its id.

const readJson = async <T>(res: Answer) => JSON.parse(await res.text()) as T;

export function idsNeverReusedCases(shop: () => AdminShop) {
  it("gives a new product an id above the deleted largest one; a change queued for the deleted one finds nothing", async () => {
    const { call, db } = shop();
    const category = await createCategory(db);
    const create = async (name: string) => {
      const res = await call("POST", "/api/admin/products", productBody(category.id, { name }));
      expect(res.status).toBe(201);
      return readJson<Product>(res);
    };
    const deleted = await create("Silinen ürün");
    const [largest] = await db.select({ id: max(products.id) }).from(products);
    expect(largest?.id).toBe(deleted.id);
    const removed = await call("DELETE", `/api/admin/products/${deleted.id}`, undefined, { "If-Match": '"1"' });
    expect(removed.status).toBe(204);

    const created = await create("Yeni ürün");
    expect(created.id).toBeGreaterThan(deleted.id);

    // What an outbox queued before the delete: version 1 of the deleted product.
    const queuedUpdate = await call(
      "PUT",
      `/api/admin/products/${deleted.id}`,
      productBody(category.id, { name: "Kuyruktan" }),
      {
        "If-Match": '"1"',
      },
    );
    expect(queuedUpdate.status).toBe(404);
    const queuedDelete = await call("DELETE", `/api/admin/products/${deleted.id}`, undefined, { "If-Match": '"1"' });
    expect(queuedDelete.status).toBe(404);
    expect(await db.query.products.findFirst({ where: eq(products.id, created.id) })).toMatchObject({
      name: "Yeni ürün",
      version: 1,
    });
  });

  it("gives a new category an id above the deleted largest one; a change queued for the deleted one finds nothing", async () => {
    const { call, db } = shop();
    const create = async (name: string) => {
      const res = await call("POST", "/api/admin/categories", { name });
      expect(res.status).toBe(201);
      return readJson<Category>(res);
    };
    const deleted = await create("Silinen kategori");
    const [largest] = await db.select({ id: max(categories.id) }).from(categories);
    expect(largest?.id).toBe(deleted.id);
    const removed = await call("DELETE", `/api/admin/categories/${deleted.id}`, undefined, { "If-Match": '"1"' });
    expect(removed.status).toBe(204);

    const created = await create("Yeni kategori");
    expect(created.id).toBeGreaterThan(deleted.id);

    const queuedUpdate = await call(
      "PUT",
      `/api/admin/categories/${deleted.id}`,
      { name: "Kuyruktan" },
      {
        "If-Match": '"1"',
      },
    );
    expect(queuedUpdate.status).toBe(404);
    const queuedDelete = await call("DELETE", `/api/admin/categories/${deleted.id}`, undefined, { "If-Match": '"1"' });
    expect(queuedDelete.status).toBe(404);
    // A product queued for the deleted category is refused, not filed under the new one.
    const queuedProduct = await call("POST", "/api/admin/products", productBody(deleted.id, { name: "Kuyruktan" }));
    expect(queuedProduct.status).toBe(400);
    expect(await db.query.categories.findFirst({ where: eq(categories.id, created.id) })).toMatchObject({
      name: "Yeni kategori",
      version: 1,
    });
  });
}
