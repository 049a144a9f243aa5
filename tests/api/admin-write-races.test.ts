import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { idempotencyKeys, products } from "../../worker/db/schema.ts";
import { type AdminShop, adminWriteRaceCases } from "../support/admin-write-races.ts";
import { createCategory, createMember } from "../support/factories.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 28 in-process on Node, over the embedded libSQL file the Node server uses: concurrent
// admin writes with one Idempotency-Key apply once, a reorder based on a stale order is refused,
// and keys are kept 30 days (docs/decisions/0044-…, 0045-…). The same cases run in workerd in
// tests/worker/admin-write-races.test.ts.

async function adminShop(database: { networkTurns?: boolean } = {}) {
  const shop = await createTestApp({ SIGNIN_LIMIT_PER_IP: 1000 }, {}, database);
  const admin = await createMember(shop.db, {
    email: testSettings.ADMIN_EMAIL,
    role: "admin",
    password: "admin-pass-1",
  });
  let token = "";
  /** Signs the administrator in (again, after the test clock moved past the token's life). */
  const signIn = async () => {
    const login = await shop.app.request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    ({ access_token: token } = (await login.json()) as { access_token: string });
  };
  await signIn();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    shop.app.request(path, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { ...shop, call, signIn };
}

// Every statement waits a turn of the event loop, as over a network: otherwise the embedded
// client runs a request's statements without yielding, and requests never interleave.
describe("admin writes under concurrency, and reorders based on an order", async () => {
  const shop: AdminShop = await adminShop({ networkTurns: true });
  adminWriteRaceCases(() => shop);
});

describe("how long an Idempotency-Key's answer is kept", async () => {
  const { call, db, clock, signIn } = await adminShop();
  const category = await createCategory(db);
  const day = 24 * 60 * 60 * 1000;
  const create = (key: string, name = `Ürün ${key}`) =>
    call(
      "POST",
      "/api/admin/products",
      {
        name,
        short_description: "Saklanan cevap",
        category_id: category.id,
        etsy_link: "https://www.etsy.com/listing/1/urun",
      },
      { "Idempotency-Key": key },
    );
  const stored = async (key: string) => db.$count(idempotencyKeys, eq(idempotencyKeys.key, key));

  it("replays an answer for 30 days, and purges it after, when the admin next writes", async () => {
    const first = await create("kept-30-days", "Otuz gün");
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as Product;

    clock.advance(30 * day);
    await signIn();
    expect((await create("a-later-write")).status).toBe(201);
    const replay = await create("kept-30-days", "Otuz gün");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replay.json()) as Product).id).toBe(id);
    expect(await stored("kept-30-days")).toBe(1);

    clock.advance(1);
    await signIn();
    expect((await create("the-next-write")).status).toBe(201);
    expect(await stored("kept-30-days")).toBe(0);
    expect(await db.$count(products, eq(products.name, "Otuz gün"))).toBe(1);
  });

  it("purges a bounded number of old answers per write, found through an index", async () => {
    const old = new Date(clock.now().getTime() - 31 * day);
    await db.insert(idempotencyKeys).values(
      Array.from({ length: 150 }, (_, n) => ({
        key: `old-${n}`,
        userId: "someone",
        method: "POST",
        path: "/api/admin/products",
        status: 201,
        body: "{}",
        createdAt: old,
      })),
    );
    expect((await create("purges-some")).status).toBe(201);
    expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.userId, "someone"))).toBe(50);
    expect((await create("purges-the-rest")).status).toBe(201);
    expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.userId, "someone"))).toBe(0);

    const plan = await db.all<{ detail: string }>(
      sql`explain query plan select rowid from idempotency_keys where created_at < ${old.getTime()} limit 100`,
    );
    expect(plan.map((step) => step.detail).join(" ")).toMatch(/USING (COVERING )?INDEX idempotency_keys_created_idx/);
  });
});
