import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import type { AdminUser } from "../../worker/contract/admin.ts";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { products, surveyResponses } from "../../worker/db/schema.ts";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import { enqueueEmail } from "../../worker/email/outbox.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import {
  answerSurvey,
  createCategory,
  createMember,
  createProduct,
  createSurvey,
  productBody,
} from "../support/factories.ts";
import { idsNeverReusedCases } from "../support/ids-never-reused.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// The administrator's API (issue 13), in-process over a real libSQL file.

async function shop() {
  const shop = await createTestApp({ SIGNIN_LIMIT_PER_IP: 1000 });
  const admin = await createMember(shop.db, {
    email: testSettings.ADMIN_EMAIL,
    role: "admin",
    password: "admin-pass-1",
  });
  const member = await createMember(shop.db, { password: "member-pass-1" });
  const login = (email: string, password: string) =>
    shop.app.request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
  const tokenOf = async (res: Response) => ((await res.json()) as { access_token: string }).access_token;
  const adminToken = await tokenOf(await login(admin.email, admin.password));
  const memberToken = await tokenOf(
    await shop.app.request("/api/auth/token?grant_type=password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email, password: member.password }),
    }),
  );
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    shop.app.request(path, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}`, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { ...shop, admin, member, login, adminToken, memberToken, call };
}

describe("admin login", async () => {
  const { admin, member, login } = await shop();

  it("answers {access_token, user} for the administrator only", async () => {
    const res = await login(` ${admin.email.toUpperCase()} `, admin.password);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; user: { email: string; role: string } };
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({ email: admin.email, role: "admin" });
  });

  it("refuses a member with the right password exactly like a wrong password", async () => {
    const asMember = await login(member.email, member.password);
    const wrong = await login(admin.email, "not-the-password");
    expect(asMember.status).toBe(401);
    expect(await asMember.json()).toEqual(await wrong.json());
  });
});

describe("authorization on every admin route", async () => {
  const { app, memberToken, config } = await shop();

  // Every route Hono knows under /api/admin, so a route added later without the guard fails here.
  const adminRoutes = createApp({
    openDatabase: () => {
      throw new Error("unused");
    },
    clock: { now: () => new Date() },
    mailer: null,
    passwords: nodePasswordHasher,
    emailWritten: async () => {},
    clientAddress: () => "x",
    config,
    siteOrigin: () => "http://localhost",
    logger: { debug() {}, info() {}, warn() {}, error() {} } as never,
  })
    .routes.filter((r) => r.path.startsWith("/api/admin/") && r.path !== "/api/admin/login" && r.method !== "ALL")
    .map((r) => [r.method, r.path.replace(":id", "1")] as const);

  it("covers the routes docs/product.md §7 lists", () => {
    const listed = adminRoutes.map(([method, path]) => `${method} ${path}`);
    for (const route of [
      "GET /api/admin/users",
      "GET /api/admin/settings",
      "POST /api/admin/products",
      "PUT /api/admin/products/1",
      "DELETE /api/admin/products/1",
      "POST /api/admin/products/reorder",
      "POST /api/admin/categories",
      "PUT /api/admin/categories/1",
      "DELETE /api/admin/categories/1",
    ]) {
      expect(listed).toContain(route);
    }
  });

  it.each([
    ["no token", undefined, 401],
    ["a member's token", () => memberToken, 403],
    ["a forged alg:none token", () => `${btoa('{"alg":"none"}')}.${btoa('{"sub":"x","role":"admin"}')}.`, 401],
  ])("answers %s with %i on each of them", async (_, token, status) => {
    for (const [method, path] of adminRoutes) {
      const res = await app.request(path, {
        method,
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token()}` } : {}) },
        ...(method === "GET" || method === "DELETE" ? {} : { body: "{}" }),
      });
      expect(res.status, `${method} ${path}`).toBe(status);
    }
  });
});

describe("products", async () => {
  const { app, db, call } = await shop();
  const category = await createCategory(db);

  it("creates a product: blank images dropped, a single image tolerated, the description sanitized", async () => {
    const res = await call("POST", "/api/admin/products", productBody(category.id, { images: ["", "/a.svg", " "] }));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Product;
    expect(created).toMatchObject({ name: "Ihlamur Çayı", category_id: category.id, images: ["/a.svg"], version: 1 });
    const single = await call("POST", "/api/admin/products", productBody(category.id, { images: "/one.svg" }));
    expect(((await single.json()) as Product).images).toEqual(["/one.svg"]);
    // Shoppers see it.
    const list = (await (await app.request("/api/products")).json()) as Product[];
    expect(list.map((p) => p.id)).toContain(created.id);
  });

  it.each([
    ["no name", { name: undefined }, "name"],
    ["a blank name", { name: "  " }, "name"],
    ["no short description", { short_description: undefined }, "short_description"],
    ["no category", { category_id: undefined }, "category_id"],
    ["a category that does not exist", { category_id: 999_999 }, "category_id"],
    ["no shop link", { etsy_link: undefined }, "etsy_link"],
    ["a javascript: shop link", { etsy_link: "javascript:alert(1)" }, "etsy_link"],
    ["a shop link that is not a URL", { etsy_link: "etsy shop" }, "etsy_link"],
    ["a data: image", { images: ["data:image/svg+xml,<svg onload=alert(1)>"] }, "images.0"],
    ["a protocol-relative image", { images: ["//evil.example/x.png"] }, "images.0"],
    ["a field the contract does not know", { is_featured: true }, undefined],
  ])("refuses %s with 400 naming the field, and stores nothing", async (_, change, field) => {
    const before = await db.$count(products);
    const res = await call("POST", "/api/admin/products", productBody(category.id, change));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("invalid_request");
    if (field) expect(Object.keys(body.fields)).toContain(field);
    expect(await db.$count(products)).toBe(before);
  });

  it("stores rich descriptions harmless, whatever is pasted", async () => {
    const corpus = [
      "<script>alert(1)</script><p>kept</p>",
      '<img src=x onerror="alert(1)">',
      '<p onclick="alert(1)">click</p>',
      '<a href="javascript:alert(1)">link</a>',
      '<a href="data:text/html,<script>alert(1)</script>">data</a>',
      "<svg><script>alert(1)</script><animate onbegin=alert(1)></svg>",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
      "<p>unclosed <b>bold <i>nested</p></b>",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      "<style>body{display:none}</style><link rel=stylesheet href=//evil>",
    ];
    for (const html of corpus) {
      const res = await call("POST", "/api/admin/products", productBody(category.id, { long_description: html }));
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as Product;
      const [stored] = await db.select().from(products).where(eq(products.id, id));
      const saved = stored?.longDescription ?? "";
      expect(saved, html).not.toMatch(
        /<script|<style|<link|<iframe|<svg|<math|<img|\son\w+\s*=|javascript:|data:text/i,
      );
    }
  });

  it("updates with If-Match; a stale version gets 412 with the current row", async () => {
    const created = (await (await call("POST", "/api/admin/products", productBody(category.id))).json()) as Product;
    const updated = await call(
      "PUT",
      `/api/admin/products/${created.id}`,
      productBody(category.id, { name: "Yeni Ad" }),
      {
        "If-Match": `"${created.version}"`,
      },
    );
    expect(updated.status).toBe(200);
    const after = (await updated.json()) as Product;
    expect(after).toMatchObject({ name: "Yeni Ad", version: created.version + 1 });

    const stale = await call("PUT", `/api/admin/products/${created.id}`, productBody(category.id, { name: "Eski" }), {
      "If-Match": `"${created.version}"`,
    });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({
      code: "version_conflict",
      current: { name: "Yeni Ad", version: after.version },
    });
    const staleDelete = await call("DELETE", `/api/admin/products/${created.id}`, undefined, { "If-Match": '"1"' });
    expect(staleDelete.status).toBe(412);

    expect(
      (await call("DELETE", `/api/admin/products/${created.id}`, undefined, { "If-Match": `"${after.version}"` }))
        .status,
    ).toBe(204);
    expect((await call("DELETE", `/api/admin/products/${created.id}`)).status).toBe(404);
    expect((await call("PUT", "/api/admin/products/999999", productBody(category.id))).status).toBe(404);
  });

  it("replays a repeated Idempotency-Key: the first answer, nothing created twice", async () => {
    const before = await db.$count(products);
    const headers = { "Idempotency-Key": "create-ihlamur-1" };
    const first = await call("POST", "/api/admin/products", productBody(category.id), headers);
    const again = await call("POST", "/api/admin/products", productBody(category.id), headers);
    expect(again.status).toBe(first.status);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await db.$count(products)).toBe(before + 1);
    const misuse = await call("DELETE", "/api/admin/products/1", undefined, headers);
    expect(misuse.status).toBe(422);
  });

  it("bumps the catalogue version, so shoppers' caches revalidate", async () => {
    const before = (await app.request("/api/products")).headers.get("ETag");
    await call("POST", "/api/admin/products", productBody(category.id));
    const after = (await app.request("/api/products")).headers.get("ETag");
    expect(after).not.toBe(before);
  });
});

describe("reordering products", async () => {
  const { app, db, call } = await shop();
  const teas = await createCategory(db);
  const oils = await createCategory(db);
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => createProduct(db, { categoryId: teas.id })));
  const [d] = await Promise.all([createProduct(db, { categoryId: oils.id })]);
  if (!a || !b || !c || !d) throw new Error("products not made");
  const orderIn = async (categoryId?: number) =>
    (
      (await (await app.request(`/api/products${categoryId ? `?category_id=${categoryId}` : ""}`)).json()) as Product[]
    ).map((p) => [p.id, p.sort_order]);

  it("writes sort_order from start_from in steps, within a category", async () => {
    const res = await call("POST", "/api/admin/products/reorder", {
      reorder_by_ids: { ids: [c.id, a.id, b.id], start_from: 1, step: 1, category_id: teas.id },
    });
    expect(res.status).toBe(200);
    expect(await orderIn(teas.id)).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
  });

  it("orders across all products with another start and step", async () => {
    await call("POST", "/api/admin/products/reorder", {
      reorder_by_ids: { ids: [d.id, b.id, a.id, c.id], start_from: 10, step: 5 },
    });
    expect(await orderIn()).toEqual([
      [d.id, 10],
      [b.id, 15],
      [a.id, 20],
      [c.id, 25],
    ]);
  });

  it.each([
    ["an unknown id", { ids: [a.id, 999_999] }],
    ["a repeated id", { ids: [a.id, a.id] }],
    ["a product of another category", { ids: [a.id, d.id], category_id: teas.id }],
    ["no ids", { ids: [] }],
  ])("refuses %s and changes nothing", async (_, request) => {
    const before = await orderIn();
    const res = await call("POST", "/api/admin/products/reorder", {
      reorder_by_ids: { start_from: 1, step: 1, ...request },
    });
    expect(res.status).toBe(400);
    expect(await orderIn()).toEqual(before);
  });
});

describe("categories", async () => {
  const { db, call } = await shop();

  it("creates, updates, and deletes an empty category; refuses to delete one with products", async () => {
    const created = await call("POST", "/api/admin/categories", { name: "Kremler" });
    expect(created.status).toBe(201);
    const category = (await created.json()) as Category;
    expect(category).toMatchObject({ name: "Kremler", description: "", version: 1 });
    expect((await call("POST", "/api/admin/categories", { name: " " })).status).toBe(400);

    const renamed = await call(
      "PUT",
      `/api/admin/categories/${category.id}`,
      { name: "Doğal Kremler", description: "El yapımı" },
      {
        "If-Match": '"1"',
      },
    );
    expect(await renamed.json()).toMatchObject({ name: "Doğal Kremler", version: 2 });

    await createProduct(db, { categoryId: category.id });
    const refused = await call("DELETE", `/api/admin/categories/${category.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "category_not_empty",
      detail: expect.stringContaining("1 product"),
    });

    await db.delete(products).where(eq(products.categoryId, category.id));
    expect((await call("DELETE", `/api/admin/categories/${category.id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/categories/${category.id}`)).status).toBe(404);
  });
});

// ADR 0047; the same cases run in workerd in tests/worker/admin.test.ts.
describe("ids are never reused", async () => {
  const { db, call } = await shop();
  idsNeverReusedCases(() => ({ db, call: async (...request) => call(...request) }));
});

describe("members and settings", async () => {
  const { db, call, config, clock, mailer } = await shop();
  const survey = await createSurvey(db);

  /** Statements the database client ran while `run` ran (batched statements counted one by one). */
  async function countStatements(run: () => unknown): Promise<number> {
    const client = db.$client;
    const { execute, batch } = client;
    let count = 0;
    client.execute = ((...args: Parameters<typeof execute>) => {
      count++;
      return execute.apply(client, args);
    }) as typeof execute;
    client.batch = ((statements: Parameters<typeof batch>[0], mode?: Parameters<typeof batch>[1]) => {
      count += statements.length;
      return batch.call(client, statements, mode);
    }) as typeof batch;
    try {
      await run();
    } finally {
      client.execute = execute;
      client.batch = batch;
    }
    return count;
  }

  it("lists every member with answers in question order and the result, in the same number of statements for 2 or 12", async () => {
    const signUp = async () => {
      const member = await createMember(db);
      const answers = answerSurvey(survey, (i) => (i < 15 ? "melancholic" : "sanguine"));
      await db.insert(surveyResponses).values(
        Object.entries(answers).map(([questionId, answer]) => ({
          userId: member.id,
          questionId: Number(questionId),
          answer,
        })),
      );
      return member;
    };
    const first = await signUp();
    const few = await countStatements(() => call("GET", "/api/admin/users"));
    for (let i = 0; i < 10; i++) await signUp();
    const many = await countStatements(() => call("GET", "/api/admin/users"));
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);

    const users = (await (await call("GET", "/api/admin/users")).json()) as AdminUser[];
    const listed = users.find((u) => u.id === first.id);
    expect(listed).toMatchObject({
      email: first.email,
      is_verified: true,
      survey_answered: 20,
      survey_total: 20,
      result_email_sent: false,
    });
    expect(listed?.answers.map((a) => a.order)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(listed?.answers[0]).toMatchObject({ question: survey[0]?.question, answer: expect.any(String) });
  });

  it("reports the settings without a secret", async () => {
    const res = await call("GET", "/api/admin/settings");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      email_transport: "dev-mailbox",
      database: "embedded file",
      app_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      outbox: { waiting: 0, sent: 0, failed: 0 },
    });
    expect(text).not.toContain(config.JWT_SECRET);
  });

  it("marks the result e-mail sent by member, and counts the outbox by state", async () => {
    const member = await createMember(db);
    const other = await createMember(db);
    const result = { subject: "Mizaç sonucunuz", text: "t", html: "<p>t</p>" };
    const now = clock.now();
    await enqueueEmail(db, {
      kind: "temperament_result",
      to: member.email,
      userId: member.id,
      content: result,
      sendAfter: now,
    });
    // One to the other member's address that is not theirs (an earlier account's): not counted.
    await enqueueEmail(db, { kind: "temperament_result", to: other.email, content: result, sendAfter: now });
    const deps = { db, clock, logger: createLogger("silent"), from: "a@b.test", maxAttempts: 1 };
    expect(await dispatchOutbox({ ...deps, mailer })).toMatchObject({ sent: 2 });
    // One given up on, one still waiting.
    await enqueueEmail(db, { kind: "verify_email", to: "x@example.com", content: result, sendAfter: now });
    const refusing = { transport: "refusing", send: () => Promise.reject(new Error("550 no such user")) };
    expect(await dispatchOutbox({ ...deps, mailer: refusing })).toMatchObject({ failed: 1 });
    await enqueueEmail(db, { kind: "verify_email", to: "y@example.com", content: result, sendAfter: now });

    const users = (await (await call("GET", "/api/admin/users")).json()) as AdminUser[];
    expect(users.find((u) => u.id === member.id)?.result_email_sent).toBe(true);
    expect(users.find((u) => u.id === other.id)?.result_email_sent).toBe(false);
    const settings = (await (await call("GET", "/api/admin/settings")).json()) as { outbox: unknown };
    expect(settings.outbox).toEqual({ waiting: 1, sent: 2, failed: 1 });
  });
});
