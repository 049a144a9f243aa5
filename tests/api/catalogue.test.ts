import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Category, Product, SurveyQuestion } from "../../worker/contract/catalogue.ts";
import { surveyQuestions } from "../../worker/db/schema.ts";
import { createCategory, createProduct } from "../support/factories.ts";
import { createTestApp } from "../support/test-app.ts";
import { creationOrder, turkishOrder } from "../support/turkish-name-order.ts";

const { app, db } = await createTestApp();

let teas: Awaited<ReturnType<typeof createCategory>>;
let oils: Awaited<ReturnType<typeof createCategory>>;
/** The products made below; other tests add their own, so lists are compared on these. */
const listed = new Set<number>();
const ours = <T extends { id: number }>(rows: T[]) => rows.filter((row) => listed.has(row.id));

beforeAll(async () => {
  teas = await createCategory(db, { name: "Bitki Çayları" });
  oils = await createCategory(db, { name: "Doğal Yağlar" });
  for (const fields of [
    { name: "Zeytinyağı Sabunu", categoryId: oils.id, sortOrder: 2 },
    { name: "Ihlamur Çayı", categoryId: teas.id, sortOrder: 1 },
    { name: "Adaçayı", categoryId: teas.id, sortOrder: 1 },
    { name: "Çörek Otu Yağı", categoryId: oils.id, sortOrder: 0, images: [] },
  ]) {
    listed.add((await createProduct(db, fields)).id);
  }
});

const getJson = async <T>(path: string, init?: RequestInit) => {
  const res = await app.request(path, init);
  return { res, body: (await res.json()) as T };
};

describe("GET /api/products", () => {
  it("lists every product by sort_order, then name, with every field of docs/product.md §3", async () => {
    const { res, body } = await getJson<Product[]>("/api/products");
    expect(res.status).toBe(200);
    expect(ours(body).map((p) => p.name)).toEqual(["Çörek Otu Yağı", "Adaçayı", "Ihlamur Çayı", "Zeytinyağı Sabunu"]);
    const [first] = ours(body);
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        "category_id",
        "created_at",
        "description",
        "etsy_link",
        "id",
        "images",
        "long_description",
        "name",
        "short_description",
        // ADR 0087: the English texts beside SPEC's fields.
        "name_en",
        "short_description_en",
        "description_en",
        "long_description_en",
        "sort_order",
        "temperaments",
        "updated_at",
        "version",
      ].sort(),
    );
    expect(first?.images).toEqual([]);
    expect(first?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("orders products of one sort_order by name as Turkish sorts it (Ç after C, İ after I, Ş after S, Ü after U)", async () => {
    const herbs = await createCategory(db, { name: "Otlar" });
    for (const name of creationOrder) await createProduct(db, { name, categoryId: herbs.id, sortOrder: 5 });
    const { body } = await getJson<Product[]>(`/api/products?category_id=${herbs.id}`);
    expect(body.map((p) => p.name)).toEqual(turkishOrder);
  });

  it("filters by category_id", async () => {
    const { body } = await getJson<Product[]>(`/api/products?category_id=${teas.id}`);
    expect(ours(body).map((p) => p.name)).toEqual(["Adaçayı", "Ihlamur Çayı"]);
    expect(body.every((p) => p.category_id === teas.id)).toBe(true);
  });

  it("gives an empty list for a category with no products", async () => {
    const empty = await createCategory(db, { name: "Boş Kategori" });
    const { res, body } = await getJson<Product[]>(`/api/products?category_id=${empty.id}`);
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
  });

  it("rejects a malformed category_id with 400", async () => {
    const { res, body } = await getJson<{ code: string; fields: Record<string, string> }>(
      "/api/products?category_id=tea",
    );
    expect(res.status).toBe(400);
    expect(body.code).toBe("invalid_request");
    expect(body.fields).toEqual({ category_id: "must be a category id" });
  });

  it("tolerates a single stored image value and still sends a list", async () => {
    const single = await createProduct(db, { name: "Tek Görsel" });
    await db.run(sql`update products set images = ${JSON.stringify("/images/one.svg")} where id = ${single.id}`);
    const { body } = await getJson<Product>(`/api/products/${single.id}`);
    expect(body.images).toEqual(["/images/one.svg"]);
  });
});

describe("GET /api/products/:id", () => {
  it("returns one product", async () => {
    const { body: list } = await getJson<Product[]>("/api/products");
    const wanted = list.find((p) => p.name === "Ihlamur Çayı");
    const { res, body } = await getJson<Product>(`/api/products/${wanted?.id}`);
    expect(res.status).toBe(200);
    expect(body).toEqual(wanted);
  });

  it("answers an unknown id with a JSON 404", async () => {
    const { res, body } = await getJson("/api/products/987654");
    expect(res.status).toBe(404);
    expect(body).toEqual({
      code: "product_not_found",
      detail: "This product does not exist or was removed.",
    });
  });

  it.each(["abc", "0", "-3", "1.5"])("answers a malformed id %s with 400", async (id) => {
    const { res, body } = await getJson<{ code: string }>(`/api/products/${id}`);
    expect(res.status).toBe(400);
    expect(body.code).toBe("invalid_request");
  });
});

describe("GET /api/categories", () => {
  it("lists categories in creation order", async () => {
    const { res, body } = await getJson<Category[]>("/api/categories");
    expect(res.status).toBe(200);
    const mine = body.filter((c) => c.id === teas.id || c.id === oils.id);
    expect(mine.map((c) => c.name)).toEqual(["Bitki Çayları", "Doğal Yağlar"]);
    expect(mine[0]).toEqual({
      id: teas.id,
      name: "Bitki Çayları",
      description: teas.description,
      name_en: "",
      description_en: "",
      version: 1,
      created_at: teas.createdAt.toISOString(),
    });
  });
});

describe("GET /api/survey/questions", () => {
  it("sends questions in order with option texts only", async () => {
    await db.insert(surveyQuestions).values([
      { id: 2, order: 2, question: "Second?", options: [{ text: "B", temperament: "choleric" }] },
      { id: 1, order: 1, question: "First?", options: [{ text: "A", temperament: "sanguine" }] },
    ]);
    const { body } = await getJson<{ questions: SurveyQuestion[] }>("/api/survey/questions");
    expect(body.questions).toEqual([
      { id: 1, order: 1, question: "First?", options: ["A"] },
      { id: 2, order: 2, question: "Second?", options: ["B"] },
    ]);
  });
});

describe("revalidation of catalogue reads", () => {
  it.each(["/api/products", "/api/products?category_id=1", "/api/categories", "/api/survey/questions"])(
    "%s sends an ETag, revalidating Cache-Control, and 304 for a matching If-None-Match",
    async (path) => {
      const first = await app.request(path);
      const tag = first.headers.get("ETag");
      expect(tag).toBeTruthy();
      expect(first.headers.get("Cache-Control")).toBe("public, no-cache");
      const again = await app.request(path, { headers: { "If-None-Match": tag ?? "" } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(tag);
    },
  );

  it("changes the ETag when the data changes", async () => {
    const before = (await app.request("/api/categories")).headers.get("ETag");
    await createCategory(db, { name: "Arı Ürünleri" });
    const after = await app.request("/api/categories", {
      headers: { "If-None-Match": before ?? "" },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(before);
  });
});

describe("the in-memory catalogue cache", () => {
  it("serves a change made behind its back on the very next read (database triggers bump the version)", async () => {
    const product = await createProduct(db, { name: "Eski Ad" });
    const before = await getJson<Product>(`/api/products/${product.id}`);
    expect(before.body.name).toBe("Eski Ad");
    await db.run(sql`update products set name = 'Yeni Ad' where id = ${product.id}`);
    const after = await getJson<Product>(`/api/products/${product.id}`);
    expect(after.body.name).toBe("Yeni Ad");
    expect(after.res.headers.get("ETag")).not.toBe(before.res.headers.get("ETag"));
    const list = await getJson<Product[]>("/api/products");
    expect(list.body.find((p) => p.id === product.id)?.name).toBe("Yeni Ad");
    await db.run(sql`delete from products where id = ${product.id}`);
    expect((await app.request(`/api/products/${product.id}`)).status).toBe(404);
  });
});
