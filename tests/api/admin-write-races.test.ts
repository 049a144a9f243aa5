import { eq, lt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { idempotencyKeys, products } from "../../worker/db/schema.ts";
import { expiredKeysPerTurn, purgeExpiredAnswers } from "../../worker/lib/idempotency.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { type AdminShop, adminWriteRaceCases, idempotencyKeyCases } from "../support/admin-write-races.ts";
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
    token = await signInAdmin(shop.app, admin);
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

describe("what an Idempotency-Key names (issue 37)", async () => {
  const shop: AdminShop = await adminShop();
  idempotencyKeyCases(() => shop);
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

  it("replays an answer for 30 days; the periodic pass removes it after", async () => {
    const first = await create("kept-30-days", "Otuz gün");
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as Product;

    clock.advance(30 * day);
    expect(await purgeExpiredAnswers(db, clock.now())).toBe(0);
    await signIn();
    const replay = await create("kept-30-days", "Otuz gün");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replay.json()) as Product).id).toBe(id);
    expect(await stored("kept-30-days")).toBe(1);

    clock.advance(1);
    expect(await purgeExpiredAnswers(db, clock.now())).toBe(1);
    expect(await stored("kept-30-days")).toBe(0);
    expect(await db.$count(products, eq(products.name, "Otuz gün"))).toBe(1);
  });

  it("leaves the expired answers to the periodic pass: a write keeps only its own work in its transaction", async () => {
    await db.insert(idempotencyKeys).values(oldAnswers(3, "before-a-write"));
    expect((await create("a-write-among-old-answers")).status).toBe(201);
    expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.userId, "before-a-write"))).toBe(3);
  });

  it("removes every expired answer in turns of a bounded size, found through an index", async () => {
    const old = new Date(clock.now().getTime() - 31 * day);
    await db.insert(idempotencyKeys).values(oldAnswers(expiredKeysPerTurn * 2 + 7, "someone"));
    expect((await create("a-fresh-answer")).status).toBe(201);
    // Earlier tests of this file left old answers of their own: all of them go too.
    const expired = await db.$count(idempotencyKeys, lt(idempotencyKeys.createdAt, new Date(old.getTime() + day)));
    expect(expired).toBeGreaterThanOrEqual(expiredKeysPerTurn * 2 + 7);
    expect(await purgeExpiredAnswers(db, clock.now())).toBe(expired);
    expect(await db.$count(idempotencyKeys, lt(idempotencyKeys.createdAt, new Date(old.getTime() + day)))).toBe(0);
    expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.userId, "someone"))).toBe(0);
    expect(await stored("a-fresh-answer")).toBe(1);

    const plan = await db.all<{ detail: string }>(
      sql`explain query plan select rowid from idempotency_keys where created_at < ${old.getTime()} order by created_at limit ${expiredKeysPerTurn}`,
    );
    expect(plan.map((step) => step.detail).join(" ")).toMatch(/USING (COVERING )?INDEX idempotency_keys_created_idx/);
  });

  /** Answers recorded 31 days before the test clock's now, under `userId`. */
  function oldAnswers(count: number, userId: string) {
    const createdAt = new Date(clock.now().getTime() - 31 * day);
    return Array.from({ length: count }, (_, n) => ({
      key: `old-${userId}-${n}`,
      userId,
      method: "POST",
      path: "/api/admin/products",
      status: 201,
      body: "{}",
      createdAt,
    }));
  }
});
