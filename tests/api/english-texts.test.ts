import { describe, expect, it } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { createCategory, createMember, createProduct, productBody } from "../support/factories.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 40, the administrator's half (ADR 0087): products and categories carry optional English
// texts beside the shop's main (Turkish) ones; the admin writes them, every read carries them
// (empty when none), the English rich description is sanitized as the Turkish one, and each is
// bounded as its Turkish twin. In-process over a real libSQL file; every answer is checked
// against /api/openapi.json (createTestApp's contract check).

const { app, db } = await createTestApp({ SIGNIN_LIMIT_PER_IP: 1000 });
const admin = await createMember(db, { email: testSettings.ADMIN_EMAIL, role: "admin", password: "admin-pass-1" });
const adminToken = await signInAdmin(app, admin);

const call = (method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const read = async <T>(path: string) => (await (await app.request(path)).json()) as T;

const category = await createCategory(db, { name: "Bitki Çayları" });

const english = {
  name_en: "Linden Tea",
  short_description_en: "For winter evenings",
  description_en: "Dried linden flowers.",
  long_description_en: "<p>A warm cup.</p>",
};

describe("a product's English texts", () => {
  it("are taken on POST and PUT and sent on every read", async () => {
    const created = await call("POST", "/api/admin/products", productBody(category.id, english));
    expect(created.status).toBe(201);
    const product = (await created.json()) as Product;
    expect(product).toMatchObject({ name: "Ihlamur Çayı", short_description: "Kış akşamları için", ...english });
    expect(await read<Product>(`/api/products/${product.id}`)).toMatchObject(english);
    expect((await read<Product[]>("/api/products")).find((p) => p.id === product.id)).toMatchObject(english);

    const changed = { ...english, name_en: "Linden Blossom Tea", long_description_en: "<p>Warmer.</p>" };
    const updated = await call("PUT", `/api/admin/products/${product.id}`, productBody(category.id, changed));
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: "Ihlamur Çayı", ...changed });
    expect(await read<Product>(`/api/products/${product.id}`)).toMatchObject(changed);
  });

  it("are empty when never written, and a PUT that leaves them out keeps them", async () => {
    const plain = (await (await call("POST", "/api/admin/products", productBody(category.id))).json()) as Product;
    expect(plain).toMatchObject({ name_en: "", short_description_en: "", description_en: "", long_description_en: "" });
    const seeded = await createProduct(db, { categoryId: category.id });
    expect(await read<Product>(`/api/products/${seeded.id}`)).toMatchObject({ name_en: "", long_description_en: "" });

    const withEnglish = (await (
      await call("POST", "/api/admin/products", productBody(category.id, english))
    ).json()) as Product;
    const older = await call(
      "PUT",
      `/api/admin/products/${withEnglish.id}`,
      productBody(category.id, { name: "Ihlamur" }),
    );
    expect(await older.json()).toMatchObject({ name: "Ihlamur", ...english });
  });

  it("sanitizes the English rich description exactly as the Turkish one", async () => {
    const html = `<p onclick="alert(1)">Warm <strong>cup</strong></p><script>alert(2)</script><a href="javascript:alert(3)">x</a>`;
    const res = await call(
      "POST",
      "/api/admin/products",
      productBody(category.id, { long_description: html, long_description_en: html }),
    );
    const product = (await res.json()) as Product;
    expect(product.long_description_en).not.toMatch(/script|onclick|javascript|alert\(2\)/);
    expect(product.long_description_en).toContain("<strong>cup</strong>");
    expect(product.long_description_en).toBe(product.long_description);
    expect((await read<Product>(`/api/products/${product.id}`)).long_description_en).toBe(product.long_description);
  });

  it.each([
    ["name_en", 201],
    ["short_description_en", 501],
    ["description_en", 5001],
  ])("refuses a %s longer than its Turkish twin's bound", async (field, length) => {
    const res = await call("POST", "/api/admin/products", productBody(category.id, { [field]: "a".repeat(length) }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe("invalid_request");
    expect(body.detail).toMatch(new RegExp(`^Invalid ${field}: must be at most`));
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
  });

  it("refuses an English name with a control character, and too long a rich description", async () => {
    const name = await call("POST", "/api/admin/products", productBody(category.id, { name_en: "Linden\u202eTea" }));
    expect(name.status).toBe(400);
    expect(((await name.json()) as ErrorBody).fields).toHaveProperty("name_en");
    const long = await call(
      "POST",
      "/api/admin/products",
      productBody(category.id, { long_description_en: `<p>${"a".repeat(100_000)}</p>` }),
    );
    expect(long.status).toBe(400);
    const body = (await long.json()) as ErrorBody;
    expect(body).toMatchObject({ code: "invalid_request" });
    expect(body.detail).toMatch(/^Invalid long_description_en: /);
  });
});

describe("a category's English texts", () => {
  it("are taken on POST and PUT, sent on every read, and empty when never written", async () => {
    const res = await call("POST", "/api/admin/categories", {
      name: "Doğal Yağlar",
      name_en: "Natural Oils",
      description_en: "Cold-pressed oils.",
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Category;
    expect(created).toMatchObject({
      name: "Doğal Yağlar",
      name_en: "Natural Oils",
      description_en: "Cold-pressed oils.",
    });
    const updated = await call("PUT", `/api/admin/categories/${created.id}`, {
      name: "Doğal Yağlar",
      name_en: "Oils",
      description_en: "",
    });
    expect(await updated.json()).toMatchObject({ name_en: "Oils", description_en: "" });
    const list = await read<Category[]>("/api/categories");
    expect(list.find((c) => c.id === created.id)).toMatchObject({ name_en: "Oils", description_en: "" });
    expect(list.find((c) => c.id === category.id)).toMatchObject({ name_en: "", description_en: "" });
  });

  it("refuses an English name or description beyond the Turkish bounds", async () => {
    for (const [field, length] of [
      ["name_en", 101],
      ["description_en", 1001],
    ] as const) {
      const res = await call("POST", "/api/admin/categories", { name: "Sabunlar", [field]: "a".repeat(length) });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.code).toBe("invalid_request");
      expect(body.detail).toMatch(new RegExp(`^Invalid ${field}: must be at most`));
    }
  });
});
