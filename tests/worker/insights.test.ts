import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import type { Insights } from "../../worker/contract/insights.ts";
import { addDays, shopDay } from "../../worker/contract/shop-day.ts";
import { eventsPerAddressPerDay } from "../../worker/insights/events.ts";
import { createMember, createProduct } from "../support/factories.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// Issue 31's events and insights in the production runtime: the built Worker under workerd over
// the local Turso-protocol endpoint, each request naming its client with CF-Connecting-IP as
// Cloudflare's edge does (tests/api/insights.test.ts has the full set of cases, on a moved clock).

const shop = setUpWorkerShop({ clientAddress: "198.51.100.61" });
const { request } = shop;
const db = () => shop.database.db;

let addresses = 0;
const freshAddress = () => `203.0.113.${++addresses}`;
const send = (body: unknown, clientAddress = freshAddress()) => request("POST", "/api/events", { body, clientAddress });

// The Worker runs on the real clock.
const today = shopDay(new Date());

const countsOf = async (productId: number, day = today) =>
  (
    await db().all<{ views: number; shop_visits: number }>(
      sql`select views, shop_visits from product_daily_counts where product_id = ${productId} and day = ${day}`,
    )
  )[0] ?? { views: 0, shop_visits: 0 };

async function expectRefused(res: { status: number; json(): Promise<unknown> }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(((await res.json()) as ErrorBody).code).toBe(code);
}

// First in the file: the Worker's first event today finds yesterday's salt and bound rows.
it("deletes an earlier day's salt and bound rows when the day's first event makes a new salt; no address stored", async () => {
  const yesterday = addDays(today, -1);
  await db().run(sql`insert into insight_salts (day, salt) values (${yesterday}, 'old-salt')`);
  await db().run(sql`insert into insight_bounds (day, key, count) values (${yesterday}, 'old-key', 3)`);
  const product = await createProduct(db());
  expect((await send({ product_id: product.id, kind: "view" }, "192.0.2.200")).status).toBe(202);
  expect(await db().all(sql`select day from insight_salts`)).toEqual([{ day: today }]);
  expect(await db().all(sql`select distinct day from insight_bounds`)).toEqual([{ day: today }]);
  const stored = JSON.stringify([
    await db().all(sql`select * from insight_bounds`),
    await db().all(sql`select * from insight_salts`),
    await db().all(sql`select * from product_daily_counts`),
  ]);
  expect(stored).not.toContain("192.0.2.200");
  expect(await countsOf(product.id)).toEqual({ views: 1, shop_visits: 0 });
});

it("counts views and shop visits per day, today or a day up to 30 days back", async () => {
  const product = await createProduct(db());
  const res = await send({ product_id: product.id, kind: "view" });
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ status: "accepted" });
  expect(res.headers.get("Set-Cookie")).toBeNull();
  expect((await send({ product_id: product.id, kind: "shop_visit" })).status).toBe(202);
  const monthAgo = addDays(today, -30);
  expect((await send({ product_id: product.id, kind: "shop_visit", day: monthAgo })).status).toBe(202);
  expect(await countsOf(product.id)).toEqual({ views: 1, shop_visits: 1 });
  expect(await countsOf(product.id, monthAgo)).toEqual({ views: 0, shop_visits: 1 });
});

it("refuses an unknown product, a future day, a day past 30 back, malformed JSON and an oversized body", async () => {
  const product = await createProduct(db());
  await expectRefused(await send({ product_id: 987_654, kind: "view" }), 400, "unknown_product");
  await expectRefused(
    await send({ product_id: product.id, kind: "view", day: addDays(today, 1) }),
    400,
    "invalid_request",
  );
  await expectRefused(
    await send({ product_id: product.id, kind: "view", day: addDays(today, -31) }),
    400,
    "invalid_request",
  );
  const malformed = await shop.worker.dispatchFetch("http://shop.test/api/events", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshAddress() },
    body: `{"product_id": ${product.id},`,
  });
  await expectRefused(malformed, 400, "malformed_json");
  await expectRefused(
    await send({ product_id: product.id, kind: "view", padding: "x".repeat(1100) }),
    413,
    "payload_too_large",
  );
  expect(await countsOf(product.id)).toEqual({ views: 0, shop_visits: 0 });
});

it(`counts 200 concurrent events exactly: 200 from 200 addresses, ${eventsPerAddressPerDay} from one`, async () => {
  const many = await createProduct(db());
  const one = await createProduct(db());
  const single = freshAddress();
  const answers = await Promise.all([
    ...Array.from({ length: 200 }, () => send({ product_id: many.id, kind: "shop_visit" })),
    ...Array.from({ length: 200 }, () => send({ product_id: one.id, kind: "shop_visit" }, single)),
  ]);
  expect(answers.filter((res) => res.status !== 202).map((res) => res.status)).toEqual([]);
  expect(await countsOf(many.id)).toEqual({ views: 0, shop_visits: 200 });
  expect(await countsOf(one.id)).toEqual({ views: 0, shop_visits: eventsPerAddressPerDay });
});

it("gives the administrator the figures; 401 without a session, 403 for a member", async () => {
  const product = await createProduct(db(), { name: "Worker çayı" });
  await send({ product_id: product.id, kind: "view" });
  await send({ product_id: product.id, kind: "shop_visit" });
  await send({ product_id: product.id, kind: "shop_visit", day: addDays(today, -10) });

  expect((await request("GET", "/api/admin/insights?days=7")).status).toBe(401);
  const member = await createMember(db(), { password: "member-pass-9" });
  const memberLogin = await shop.signIn(member.email, member.password);
  const { access_token: memberToken } = (await memberLogin.json()) as { access_token: string };
  expect((await request("GET", "/api/admin/insights?days=7", { token: memberToken })).status).toBe(403);

  const login = await request("POST", "/api/admin/login", { body: testAdmin });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const read = async (query: string) => {
    const res = await request("GET", `/api/admin/insights${query}`, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as Insights;
  };
  const week = await read("?days=7");
  expect(week.products.find((p) => p.id === product.id)).toEqual({
    id: product.id,
    name: "Worker çayı",
    views: 1,
    shop_visits: 1,
  });
  expect(week.daily).toHaveLength(7);
  const month = await read(`?days=30&product_id=${product.id}`);
  expect(month.daily.reduce((sum, d) => sum + d.shop_visits, 0)).toBe(2);
  expect(month.daily.at(-1)).toEqual({ day: today, views: 1, shop_visits: 1 });
  expect((await request("GET", "/api/admin/insights?days=8", { token })).status).toBe(400);
});

it("counts every real event sent beside events for a product deleted today and for ids that never existed, which are 400 unknown_product (issue 37)", async () => {
  const [gone, real] = [await createProduct(db()), await createProduct(db())];
  const client = freshAddress();
  // Viewed and followed this morning, deleted since: the address's bound rows for it outlive it.
  expect((await send({ product_id: gone.id, kind: "view" }, client)).status).toBe(202);
  expect((await send({ product_id: gone.id, kind: "shop_visit" }, client)).status).toBe(202);
  await db().run(sql`delete from products where id = ${gone.id}`);

  const bad = [
    ...Array.from({ length: 20 }, (_, i) => ({ product_id: gone.id, kind: i % 2 ? "view" : "shop_visit" })),
    ...Array.from({ length: 5 }, (_, i) => ({ product_id: 800_000 + i, kind: "view" })),
  ];
  const [realAnswers, badAnswers] = await Promise.all([
    Promise.all(Array.from({ length: 50 }, () => send({ product_id: real.id, kind: "view" }))),
    Promise.all(bad.map((event) => send(event, client))),
  ]);
  expect({ lost: realAnswers.filter((res) => res.status !== 202).length }).toEqual({ lost: 0 });
  expect(await countsOf(real.id)).toEqual({ views: 50, shop_visits: 0 });
  for (const res of badAnswers) await expectRefused(res, 400, "unknown_product");
  expect(await db().all(sql`select * from product_daily_counts where product_id = ${gone.id}`)).toEqual([]);
});

it("the cron deletes a finished day's salt and bound rows with no event after midnight (issue 37)", async () => {
  const yesterday = addDays(today, -1);
  await db().run(sql`delete from insight_salts`);
  await db().run(sql`insert into insight_salts (day, salt) values (${yesterday}, 'old-salt'), (${today}, 'new-salt')`);
  await db().run(
    sql`insert into insight_bounds (day, key, count) values (${yesterday}, 'old-key', 3), (${today}, 'new-key', 1)`,
  );
  const cron = await (await shop.worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
  expect(cron.outcome).toBe("ok");
  expect(await db().all(sql`select day from insight_salts`)).toEqual([{ day: today }]);
  expect(await db().all(sql`select distinct day from insight_bounds`)).toEqual([{ day: today }]);
  expect(await db().all(sql`select key from insight_bounds where key like '%-key'`)).toEqual([{ key: "new-key" }]);
});
