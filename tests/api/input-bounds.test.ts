import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedCategories, seedProducts } from "../../drizzle/seed/catalogue.ts";
import { maxBodyBytes } from "../../worker/app.ts";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import type { InitialData } from "../../worker/contract/initial-data.ts";
import { sharePreviewsPath } from "../../worker/contract/share-previews.ts";
import { categories, products, users } from "../../worker/db/schema.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import {
  answerSurvey,
  createCategory,
  createMember,
  createProduct,
  createSurvey,
  productBody,
  signupBody,
} from "../support/factories.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 26: what the contract accepts is bounded, so no input can take the catalogue down, hide
// characters in a name, be read as an id it does not spell, point an image at another host or
// make an error repeat a megabyte back. In-process over a real libSQL file; the compact Worker
// counterpart is tests/worker/input-bounds.test.ts.

const shell = `<!doctype html><html lang="en"><head><title>Shell</title></head><body><div id="root"></div></body></html>`;
const assets = async (request: Request) =>
  new URL(request.url).pathname === sharePreviewsPath
    ? new Response("missing", { status: 404 })
    : new Response(shell, { headers: { "Content-Type": "text/html" } });

async function shop() {
  const shop = await createTestApp(
    { SIGNIN_LIMIT_PER_IP: 1000, SIGNUP_LIMIT_PER_HOUR: 1000, PUBLIC_URL: "https://shop.example" },
    { assets },
  );
  const admin = await createMember(shop.db, {
    email: testSettings.ADMIN_EMAIL,
    role: "admin",
    password: "admin-pass-1",
  });
  const adminToken = await signInAdmin(shop.app, admin);
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    shop.app.request(path, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}`, ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
  return { ...shop, call };
}

/** A 400 in the API's error shape that names `field` (or a field under it). */
async function expectRefusal(res: Response, field: string): Promise<ErrorBody> {
  expect(res.status, `expected a 400 naming ${field}`).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe("invalid_request");
  expect(Object.keys(body.fields ?? {}).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
  return body;
}

const initialData = (html: string): InitialData => {
  const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no initial data in the page");
  return JSON.parse(match[1]) as InitialData;
};

const listIds = async (app: { request(path: string): Response | Promise<Response> }, path = "/api/products") => {
  const res = await app.request(path);
  expect(res.status).toBe(200);
  return ((await res.json()) as Product[]).map((p) => [p.id, p.sort_order]);
};

describe("numbers: one request cannot take the catalogue down", async () => {
  const { app, db, call } = await shop();
  const category = await createCategory(db, { name: "Bitki Çayları" });
  const [a, b, c] = [
    await createProduct(db, { name: "Adaçayı", categoryId: category.id, sortOrder: 1 }),
    await createProduct(db, { name: "Bal", categoryId: category.id, sortOrder: 2 }),
    await createProduct(db, { name: "Kekik", categoryId: category.id, sortOrder: 3 }),
  ];
  const ids = [a.id, b.id, c.id];

  it("refuses, all at once, every reorder that would put a sort_order beyond ±1,000,000,000", async () => {
    const max = Number.MAX_SAFE_INTEGER;
    const attacks = [
      { start_from: max, step: max },
      { start_from: 1_000_000_000, step: 1 }, // the third product would be 1,000,000,002
      { start_from: 1, step: 500_000_000 }, // 1,000,000,001
      { start_from: -1_000_000_001, step: 1 },
      { start_from: 1, step: 1_000_000_001 },
      { start_from: 1.5, step: 1 },
    ];
    const answers = await Promise.all(
      attacks.map((attack) => call("POST", "/api/admin/products/reorder", { reorder_by_ids: { ids, ...attack } })),
    );
    for (const res of answers) {
      const body = await expectRefusal(res, "reorder_by_ids");
      expect(Object.keys(body.fields ?? {}).join()).toMatch(/reorder_by_ids\.(start_from|step)/);
    }
    expect(await listIds(app)).toEqual([
      [a.id, 1],
      [b.id, 2],
      [c.id, 3],
    ]);
    for (const page of ["/", "/products", `/products/${a.id}`]) expect((await app.request(page)).status).toBe(200);
  });

  it("accepts a reorder that reaches the bounds exactly", async () => {
    const res = await call("POST", "/api/admin/products/reorder", {
      reorder_by_ids: { ids: [c.id, b.id, a.id], start_from: -1_000_000_000, step: 1_000_000_000 },
    });
    expect(res.status).toBe(200);
    expect(await listIds(app)).toEqual([
      [c.id, -1_000_000_000],
      [b.id, 0],
      [a.id, 1_000_000_000],
    ]);
  });

  it("bounds sort_order, category_id and product ids in the admin's bodies", async () => {
    for (const sort_order of [1_000_000_001, -1_000_000_001, 2 ** 53, 1e300]) {
      await expectRefusal(
        await call("POST", "/api/admin/products", productBody(category.id, { sort_order })),
        "sort_order",
      );
    }
    for (const category_id of [2 ** 53, 1e300, 0, -1, 1.5]) {
      await expectRefusal(
        await call("POST", "/api/admin/products", productBody(category.id, { category_id })),
        "category_id",
      );
    }
    for (const id of [2 ** 53, 1e300, 0]) {
      await expectRefusal(
        await call("POST", "/api/admin/products/reorder", { reorder_by_ids: { ids: [a.id, id] } }),
        "reorder_by_ids.ids",
      );
    }
    const atBound = await call("POST", "/api/admin/products", productBody(category.id, { sort_order: -1_000_000_000 }));
    expect(atBound.status).toBe(201);
    const created = (await atBound.json()) as Product;
    expect(created.sort_order).toBe(-1_000_000_000);
    expect((await call("DELETE", `/api/admin/products/${created.id}`)).status).toBe(204);
  });

  it("bounds a reorder's based_on as its ids, and changes nothing", async () => {
    const before = await listIds(app);
    const tooMany = Array.from({ length: 10_001 }, (_, n) => n + 1);
    for (const based_on of [[a.id, 2 ** 53], [a.id, 0], [a.id, 1.5], [a.id, a.id], [], tooMany, "1,2,3"]) {
      await expectRefusal(
        await call("POST", "/api/admin/products/reorder", { reorder_by_ids: { ids: [a.id, b.id], based_on } }),
        "reorder_by_ids.based_on",
      );
    }
    expect(await listIds(app)).toEqual(before);
  });

  it("reads rows another writer stored out of range, in their order, and the admin can repair them", async () => {
    // As an older or buggy writer might have left them: beyond JavaScript's safe integers, and
    // a single image stored as plain text rather than a JSON list.
    await db.run(sql`update products set sort_order = 9007199254740993 where id = ${a.id}`);
    await db.run(sql`update products set sort_order = -9223372036854775808 where id = ${b.id}`);
    await db.run(sql`update products set sort_order = 5, images = '/images/products/eski.svg' where id = ${c.id}`);
    // The catalogue's version, which every ETag names, too.
    await db.run(sql`update catalogue_state set version = 9007199254740993`);

    const list = await app.request("/api/products");
    expect(list.status).toBe(200);
    const read = (await list.json()) as Product[];
    expect(read.map((p) => [p.id, p.sort_order])).toEqual([
      [b.id, -1_000_000_000],
      [c.id, 5],
      [a.id, 1_000_000_000],
    ]);
    expect(read.find((p) => p.id === c.id)?.images).toEqual(["/images/products/eski.svg"]);
    const etag = list.headers.get("ETag") ?? "";
    expect((await app.request("/api/products", { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect(await listIds(app, `/api/products?category_id=${category.id}`)).toEqual(
      read.map((p) => [p.id, p.sort_order]),
    );

    const one = await app.request(`/api/products/${a.id}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as Product).sort_order).toBe(1_000_000_000);

    const home = await app.request("/");
    expect(home.status).toBe(200);
    expect(initialData(await home.text()).featured?.map((p) => p.id)).toEqual([b.id, c.id, a.id]);
    const productsPage = await app.request("/products");
    expect(productsPage.status).toBe(200);
    expect(initialData(await productsPage.text()).productList?.products.map((p) => p.id)).toEqual([b.id, c.id, a.id]);
    expect((await app.request(`/products/${a.id}`)).status).toBe(200);

    // The admin's own edit of such a row answers, and a reorder puts every row back in range.
    const edited = await call("PUT", `/api/admin/products/${a.id}`, productBody(category.id, { name: "Adaçayı Yağı" }));
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Product).sort_order).toBe(1_000_000_000);
    const repaired = await call("POST", "/api/admin/products/reorder", { reorder_by_ids: { ids: [a.id, b.id, c.id] } });
    expect(repaired.status).toBe(200);
    expect(await listIds(app)).toEqual([
      [a.id, 1],
      [b.id, 2],
      [c.id, 3],
    ]);
  });

  it("refuses a version that is not a whole number in the safe range", async () => {
    for (const version of ['"99999999999999999999"', '"1e3"', '"0x1"']) {
      const res = await call("PUT", `/api/admin/products/${a.id}`, productBody(category.id), { "If-Match": version });
      expect(res.status).toBe(400);
    }
  });
});

describe("ids: only canonical decimal ids are read from paths and queries", async () => {
  const { app, db, call } = await shop();
  const [ten, sixteen] = [await createCategory(db, { id: 10 }), await createCategory(db, { id: 16 })];
  const product16 = await createProduct(db, { id: 16, name: "On Altı", categoryId: sixteen.id });
  await createProduct(db, { id: 1000, name: "Bin", categoryId: ten.id });

  const odd = [
    "0x10",
    "1e1",
    "1e3",
    "%2016",
    "16%20",
    "+16",
    "016",
    "16.0",
    "0b10000",
    "0o20",
    "1_6",
    "９",
    "0",
    "-16",
  ];
  const beyond = ["9007199254740993", "99999999999999999999", "1".repeat(400)];

  it.each([...odd, ...beyond])("refuses /%s as a product id on every route, changing nothing", async (id) => {
    await expectRefusal(
      await call("PUT", `/api/admin/products/${id}`, productBody(sixteen.id, { name: "Değişti" })),
      "id",
    );
    await expectRefusal(await call("DELETE", `/api/admin/products/${id}`), "id");
    await expectRefusal(await app.request(`/api/products/${id}`), "id");
    await expectRefusal(await call("PUT", `/api/admin/categories/${id}`, { name: "Değişti" }), "id");
    await expectRefusal(await call("DELETE", `/api/admin/categories/${id}`), "id");
    const [stored] = await db.select().from(products).where(eq(products.id, product16.id));
    expect(stored?.name).toBe("On Altı");
    expect((await db.select().from(categories).where(eq(categories.id, sixteen.id)))[0]?.name).toBe(sixteen.name);
  });

  it.each(["1e1", "0xA", "%2010", "10.0", "010", "9007199254740993"])("refuses ?category_id=%s", async (id) => {
    await expectRefusal(await app.request(`/api/products?category_id=${id}`), "category_id");
  });

  it("still reads canonical ids", async () => {
    expect((await app.request("/api/products/16")).status).toBe(200);
    expect(((await (await app.request("/api/products?category_id=10")).json()) as Product[]).map((p) => p.id)).toEqual([
      1000,
    ]);
    expect((await app.request("/api/products/9007199254740991")).status).toBe(404);
  });
});

describe("names: no control, invisible, bidi or unassigned characters", async () => {
  const { app, db, call } = await shop();
  const survey = await createSurvey(db);
  const category = await createCategory(db);
  const member = await createMember(db, { password: "member-pass-1" });
  const signIn = await app.request("/api/auth/token?grant_type=password", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  const { access_token: memberToken } = (await signIn.json()) as { access_token: string };
  const survey_responses = answerSurvey(survey, "melancholic");
  const putProfile = (fields: Record<string, string>) =>
    app.request("/api/user/profile", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${memberToken}` },
      body: JSON.stringify({ first_name: "Deniz", last_name: "Kaya", survey_responses, ...fields }),
    });
  const signUp = (fields: Record<string, string>) =>
    app.request("/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(signupBody(survey, fields)),
    });
  const rows = async () => ({
    products: (await db.select({ n: count() }).from(products))[0]?.n,
    categories: (await db.select({ n: count() }).from(categories))[0]?.n,
    users: (await db.select({ n: count() }).from(users))[0]?.n,
  });

  const refused = {
    NUL: "a\u0000b",
    BEL: "a\u0007b",
    "line feed": "a\nb",
    tab: "a\tb",
    "C1 next line": "a\u0085b",
    "right-to-left override": "a\u202Eb",
    "left-to-right embedding": "a\u202Ab",
    "first strong isolate": "a\u2068b",
    "pop directional isolate": "a\u2069b",
    "left-to-right mark": "a\u200Eb",
    "right-to-left mark": "a\u200Fb",
    "Arabic letter mark": "a\u061Cb",
    "zero-width space": "a\u200Bb",
    "zero-width non-joiner": "a\u200Cb",
    "zero-width joiner": "a\u200Db",
    "word joiner": "a\u2060b",
    "byte order mark": "a\uFEFFb",
    "soft hyphen": "a\u00ADb",
    "language tag": "a\u{E0001}b",
    "unassigned U+0378": "a\u0378b",
    "lone surrogate": "a\uD800b",
  };

  it.each(Object.entries(refused))("refuses a %s in every name, storing nothing", async (_, name) => {
    const before = await rows();
    await expectRefusal(await call("POST", "/api/admin/products", productBody(category.id, { name })), "name");
    await expectRefusal(await call("POST", "/api/admin/categories", { name }), "name");
    await expectRefusal(await signUp({ first_name: name }), "first_name");
    await expectRefusal(await signUp({ last_name: name }), "last_name");
    await expectRefusal(await putProfile({ first_name: name }), "first_name");
    await expectRefusal(await putProfile({ last_name: name }), "last_name");
    expect(await rows()).toEqual(before);
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]?.firstName).toBe(member.firstName);
  });

  it.each(["Şükrü Çağlayan", "İpek Işıl", "Gönül Öztürk-Ünal", "O'Brien", "D’Artagnan", "José Ñúñez", "Zoë  Brontë"])(
    "accepts %s in every name, stored as written",
    async (name) => {
      const product = await call("POST", "/api/admin/products", productBody(category.id, { name }));
      expect(product.status).toBe(201);
      expect(((await product.json()) as Product).name).toBe(name);
      const created = await call("POST", "/api/admin/categories", { name, description: "" });
      expect(created.status).toBe(201);
      expect(((await created.json()) as Category).name).toBe(name);
      expect((await signUp({ first_name: name, last_name: name })).status).toBe(202);
      expect((await putProfile({ first_name: name, last_name: name })).status).toBe(200);
      expect((await db.select().from(users).where(eq(users.id, member.id)))[0]?.firstName).toBe(name);
    },
  );

  it("refuses control characters in descriptions but keeps line breaks and tabs", async () => {
    for (const text of ["a\u0000b", "a\u0007b", "a\u001Bb", "a\u007Fb"]) {
      await expectRefusal(
        await call("POST", "/api/admin/products", productBody(category.id, { short_description: text })),
        "short_description",
      );
      await expectRefusal(
        await call("POST", "/api/admin/products", productBody(category.id, { description: text })),
        "description",
      );
      await expectRefusal(
        await call("POST", "/api/admin/categories", { name: "Yağlar", description: text }),
        "description",
      );
    }
    const multiline = "Birinci satır\nİkinci\tsatır\r\nÜçüncü";
    const product = await call(
      "POST",
      "/api/admin/products",
      productBody(category.id, { short_description: multiline }),
    );
    expect(product.status).toBe(201);
    expect(((await product.json()) as Product).short_description).toBe(multiline);
    const created = await call("POST", "/api/admin/categories", { name: "Yağlar", description: multiline });
    expect(((await created.json()) as Category).description).toBe(multiline);
  });
});

describe("images and shop links: read by the URL parser", async () => {
  const { db, call } = await shop();
  const category = await createCategory(db);

  const otherHosts = [
    "/\\evil.example/x.png",
    "\\\\evil.example/x",
    "\\/evil.example/x",
    "//evil.example/x",
    "///evil.example/x",
    "/%5Cevil.example",
    "/%5cevil.example/x.png",
    "/%2F/evil.example/x.png",
    "http:/\\evil.example/x.png",
    "http:\\\\evil.example/x.png",
    "http:evil.example/x.png",
    "https:/evil.example/x.png",
    "javascript:alert(1)",
    "JavaScript:alert(1)//https://x.example",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "ftp://files.example/x.png",
    "blob:https://shop.example/1",
    "https://shop.example@evil.example/x.png",
    "/images/x.png\u0000.svg",
    "/ima\tges/x.png",
    "/images/\nx.png",
    "images/x.png",
    "https://",
  ];

  it.each(otherHosts)("refuses the image %j, alone or in a list", async (image) => {
    await expectRefusal(
      await call("POST", "/api/admin/products", productBody(category.id, { images: [image] })),
      "images",
    );
    await expectRefusal(
      await call("POST", "/api/admin/products", productBody(category.id, { images: image })),
      "images",
    );
  });

  it("accepts this site's paths and http(s) addresses, trimmed, and every seed image", async () => {
    const images = [
      " /images/products/ihlamur.svg ",
      "https://cdn.example.com/a b%20c.jpg?w=2#x",
      "HTTP://CDN.EXAMPLE.COM/A.JPG",
    ];
    const res = await call("POST", "/api/admin/products", productBody(category.id, { images }));
    // A space inside an address is refused: it would be another address once encoded.
    await expectRefusal(res, "images");
    const fine = await call(
      "POST",
      "/api/admin/products",
      productBody(category.id, {
        images: [
          " /images/products/ihlamur.svg ",
          "https://cdn.example.com/a%20c.jpg?w=2#x",
          "HTTP://CDN.EXAMPLE.COM/A.JPG",
          "",
        ],
      }),
    );
    expect(fine.status).toBe(201);
    expect(((await fine.json()) as Product).images).toEqual([
      "/images/products/ihlamur.svg",
      "https://cdn.example.com/a%20c.jpg?w=2#x",
      "HTTP://CDN.EXAMPLE.COM/A.JPG",
    ]);
    const categoryIds = new Map<number, number>();
    for (const { id, name, description } of seedCategories) {
      categoryIds.set(id, (await createCategory(db, { name, description })).id);
    }
    for (const { id: _, ...seed } of seedProducts) {
      const created = await call("POST", "/api/admin/products", {
        ...seed,
        category_id: categoryIds.get(seed.category_id),
      });
      expect(created.status, seed.name).toBe(201);
    }
  });

  it.each([
    "https://localhost/shop",
    "https:/\\www.etsy.com/listing/1",
    "http:www.etsy.com/listing/1",
    "//www.etsy.com/listing/1",
    "javascript:alert(1)//https://www.etsy.com",
    "https://www.etsy.com\\@evil.example/",
    "https://user:pw@www.etsy.com/listing/1",
    "https://www.etsy .com/listing/1",
    "https://www.etsy.com/list\u0000ing",
    "ftp://www.etsy.com/listing/1",
  ])("refuses the shop link %j", async (etsy_link) => {
    await expectRefusal(
      await call("POST", "/api/admin/products", productBody(category.id, { etsy_link })),
      "etsy_link",
    );
  });

  it("accepts an ordinary shop link, trimmed", async () => {
    const res = await call(
      "POST",
      "/api/admin/products",
      productBody(category.id, { etsy_link: " https://www.etsy.com/listing/9/x?ref=a " }),
    );
    expect(res.status).toBe(201);
    expect(((await res.json()) as Product).etsy_link).toBe("https://www.etsy.com/listing/9/x?ref=a");
  });
});

describe("errors repeat a bounded amount of the request", async () => {
  const { app, db } = await shop();
  const survey = await createSurvey(db);
  const signUp = (body: unknown) =>
    app.request("/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const manyKeys = (n: number, value: (i: number) => unknown) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${String(i).padStart(5, "0")}`, value(i)]));

  it("answers a 1 MB sign-up with 60,000 unknown survey keys in under 4 kB", async () => {
    const body = signupBody(survey, { survey_responses: manyKeys(60_000, () => "evet") });
    expect(JSON.stringify(body).length).toBeGreaterThan(950_000);
    expect(JSON.stringify(body).length).toBeLessThan(maxBodyBytes);
    const res = await signUp(body);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text.length).toBeLessThan(4_000);
    expect(Object.keys((JSON.parse(text) as ErrorBody).fields ?? {})).toContain("survey_responses");
  });

  it.each([
    // The contract's own complaints (60,000 answers that are no text) …
    ["of a request with 60,000", manyKeys(60_000, () => 1), "59,980 more"],
    // … and the survey's (99 keys that are no question, and 20 questions left unanswered).
    ["of the survey's own complaints", manyKeys(99, () => "x"), "99 more"],
  ])("lists at most 20 problems %s, naming the first and counting the rest", async (_, answers, more) => {
    const res = await signUp(signupBody(survey, { survey_responses: answers }));
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text.length).toBeLessThan(4_000);
    const body = JSON.parse(text) as ErrorBody;
    expect(Object.keys(body.fields ?? {})).toHaveLength(20);
    expect(body.fields).toHaveProperty(["survey_responses.k00000"]);
    expect(body.detail).toContain(more);
  });

  it("shortens a long key it repeats", async () => {
    const key = "ş".repeat(200_000);
    const res = await signUp(signupBody(survey, { survey_responses: { [key]: "x" } }));
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text.length).toBeLessThan(4_000);
    expect(
      Object.keys((JSON.parse(text) as ErrorBody).fields ?? {}).some((k) => k.startsWith("survey_responses.şşş")),
    ).toBe(true);
  });
});
