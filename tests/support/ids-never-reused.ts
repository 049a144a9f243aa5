import { eq, max } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "../../worker/db/client.ts";
import { categories, products } from "../../worker/db/schema.ts";
import type { AdminShop, Answer } from "./admin-write-races.ts";
import { createCategory, productBody } from "./factories.ts";

// docs/decisions/0047-ids-are-never-reused.md, the same cases on both runtimes
// (tests/api/admin.test.ts in-process on Node, tests/worker/admin.test.ts in workerd): a
// product's or category's id is never given to another row, even the largest after its row is
// deleted. The admin's offline outbox (issue 28) sends changes by id with `If-Match`, so a
// change queued for a row another admin deleted must find nothing, not a newer row with its id.

const readJson = async <T>(res: Answer) => JSON.parse(await res.text()) as T;

/** What differs between a product and a category in these cases. */
type Kind = {
  kind: "product" | "category";
  table: typeof products | typeof categories;
  path: string;
  names: { deleted: string; created: string };
  /** The body that creates or changes one named `name` (a product needs a category, made first). */
  bodyMaker(db: Database): Promise<(name: string) => unknown>;
  /** A request queued before the delete that names the deleted row elsewhere, and its answer. */
  queuedElsewhere?: (deletedId: number) => { path: string; body: unknown; status: number };
};

const kinds: Kind[] = [
  {
    kind: "product",
    table: products,
    path: "/api/admin/products",
    names: { deleted: "Silinen ürün", created: "Yeni ürün" },
    bodyMaker: async (db) => {
      const category = await createCategory(db);
      return (name) => productBody(category.id, { name });
    },
  },
  {
    kind: "category",
    table: categories,
    path: "/api/admin/categories",
    names: { deleted: "Silinen kategori", created: "Yeni kategori" },
    bodyMaker: async () => (name) => ({ name }),
    // A product queued for the deleted category is refused, not filed under the new one.
    queuedElsewhere: (deletedId) => ({
      path: "/api/admin/products",
      body: productBody(deletedId, { name: "Kuyruktan" }),
      status: 400,
    }),
  },
];

export function idsNeverReusedCases(shop: () => AdminShop) {
  it.each(kinds)(
    "gives a new $kind an id above the deleted largest one; a change queued for the deleted one finds nothing",
    async ({ table, path, names, bodyMaker, queuedElsewhere }) => {
      const { call, db } = shop();
      const body = await bodyMaker(db);
      const create = async (name: string) => {
        const res = await call("POST", path, body(name));
        expect(res.status).toBe(201);
        return readJson<{ id: number }>(res);
      };
      const deleted = await create(names.deleted);
      const [largest] = await db.select({ id: max(table.id) }).from(table);
      expect(largest?.id).toBe(deleted.id);
      const removed = await call("DELETE", `${path}/${deleted.id}`, undefined, { "If-Match": '"1"' });
      expect(removed.status).toBe(204);

      const created = await create(names.created);
      expect(created.id).toBeGreaterThan(deleted.id);

      // What an outbox queued before the delete: version 1 of the deleted row.
      const queuedUpdate = await call("PUT", `${path}/${deleted.id}`, body("Kuyruktan"), { "If-Match": '"1"' });
      expect(queuedUpdate.status).toBe(404);
      const queuedDelete = await call("DELETE", `${path}/${deleted.id}`, undefined, { "If-Match": '"1"' });
      expect(queuedDelete.status).toBe(404);
      if (queuedElsewhere) {
        const queued = queuedElsewhere(deleted.id);
        expect((await call("POST", queued.path, queued.body)).status).toBe(queued.status);
      }
      const [stored] = await db
        .select({ name: table.name, version: table.version })
        .from(table)
        .where(eq(table.id, created.id));
      expect(stored).toMatchObject({ name: names.created, version: 1 });
    },
  );
}
