import { beforeAll, expect, it } from "vitest";
import type { Category } from "../../worker/contract/catalogue.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { expectProductsShown, openApp } from "../support/browser.ts";
import { productBody } from "../support/factories.ts";
import { setUpShop } from "../support/shop-in-browser.ts";

// ADR 0097: an English page lists a shelf in the admin's order, as the Turkish page does, not by
// the names it shows (English texts and Turkish fallbacks), whose alphabetical order differs here.

const { shop, openPage } = setUpShop();

let shelf: Category;
beforeAll(async () => {
  const server = { request: (path: string, init?: RequestInit) => fetch(`${shop.server.url}${path}`, init) };
  const token = await signInAdmin(server, { email: shop.server.adminEmail, password: shop.server.adminPassword });
  let keys = 0;
  const write = async (path: string, body: unknown) => {
    const answer = await server.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
        "Idempotency-Key": `english-order-${++keys}`,
      },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(201);
    return answer.json();
  };
  shelf = (await write("/api/admin/categories", { name: "Sıralı Raf", description: "" })) as Category;
  const shelved: [string, string][] = [
    ["Ihlamur", "Linden"],
    ["Zencefil", "Ginger"],
    ["Ceviz", "Walnut"],
    ["Şifa Otu", ""],
  ];
  for (const [index, [name, name_en]] of shelved.entries()) {
    await write("/api/admin/products", productBody(shelf.id, { name, name_en, sort_order: index + 1, images: [] }));
  }
});

it("lists a shelf in the admin's order on the English page as on the Turkish one", async () => {
  const page = await openPage("phone");
  await openApp(page, `/tr/products?category=${shelf.id}`);
  await expectProductsShown(
    page,
    ["Ihlamur", "Zencefil", "Ceviz", "Şifa Otu"].map((name) => ({ name })),
    (count) => `${count} ürün`,
  );

  await openApp(page, `/products?category=${shelf.id}`);
  await expectProductsShown(
    page,
    ["Linden", "Ginger", "Walnut", "Şifa Otu"].map((name) => ({ name })),
  );
});
