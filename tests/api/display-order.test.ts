import { describe, expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { createCategory, createMember, createProduct } from "../support/factories.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// ADR 0097: the admin's list and the server agree on the display order, names by Turkish rules,
// so a reorder based on the order the admin saw (ADR 0045) is not refused for a name's letter.

const { app, db } = await createTestApp({ SIGNIN_LIMIT_PER_IP: 1000 });
const admin = await createMember(db, { email: testSettings.ADMIN_EMAIL, role: "admin", password: "admin-pass-1" });
const adminToken = await signInAdmin(app, admin);

const reorder = (ids: number[], categoryId: number, basedOn: number[]) =>
  app.request("/api/admin/products/reorder", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ reorder_by_ids: { ids, category_id: categoryId, based_on: basedOn } }),
  });

describe("a reorder based on the shown order, names of one sort_order (issue 40)", () => {
  it("is applied when based on the Turkish order, refused with 412 when based on the code-point order", async () => {
    const shelf = await createCategory(db, { name: "Raf" });
    const id = async (name: string) => (await createProduct(db, { name, categoryId: shelf.id, sortOrder: 0 })).id;
    const [zencefil, cay, ceviz] = [await id("Zencefil"), await id("Çay"), await id("Ceviz")];
    const shown = ((await (await app.request(`/api/products?category_id=${shelf.id}`)).json()) as Product[]).map(
      (p) => p.id,
    );
    expect(shown).toEqual([ceviz, cay, zencefil]);

    const byCodePoint = [ceviz, zencefil, cay];
    const refused = await reorder([zencefil, cay, ceviz], shelf.id, byCodePoint);
    expect(refused.status).toBe(412);
    expect(((await refused.json()) as { current: number[] }).current).toEqual(shown);

    expect((await reorder([zencefil, cay, ceviz], shelf.id, shown)).status).toBe(200);
  });
});
