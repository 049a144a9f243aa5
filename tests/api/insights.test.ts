import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it, vi } from "vitest";
import type { ErrorBody } from "../../worker/contract/error-body.ts";
import type { Insights } from "../../worker/contract/insights.ts";
import { addDays, shopDay } from "../../worker/contract/shop-day.ts";
import { eventsPerAddressPerDay, forgetFinishedDays } from "../../worker/insights/events.ts";
import { signInAdmin } from "../support/admin-sign-in.ts";
import { createMember, createProduct } from "../support/factories.ts";
import { migrationsUpTo } from "../support/migrations.ts";
import { startTestServer } from "../support/server.ts";
import { createTestApp, createTestDatabase, testSettings } from "../support/test-app.ts";

// Issue 31, insights without tracking (docs/decisions/0055-counting-without-tracking.md):
// POST /api/events counts a product page's views and marketplace visits per day, bounded per
// client address under a salted hash whose salt lives one day; the admin reads them from
// GET /api/admin/insights. In-process over a real libSQL file whose statements each wait a turn
// of the event loop, so concurrent requests interleave as they do over a network. The Worker
// counterpart is tests/worker/insights.test.ts.

const { app, db, clock } = await createTestApp({ SIGNIN_LIMIT_PER_IP: 1000 }, {}, { networkTurns: true });
// The test clock starts at 2026-11-01T10:00Z: 13:00 on 1 November in Turkey, the shop's day.
const today = "2026-11-01";

const admin = await createMember(db, { email: testSettings.ADMIN_EMAIL, role: "admin", password: "admin-pass-1" });
const member = await createMember(db, { password: "member-pass-1" });
const signIn = async (email: string, password: string) =>
  (
    (await (
      await app.request("/api/auth/token?grant_type=password", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      })
    ).json()) as { access_token: string }
  ).access_token;
const adminToken = await signIn(admin.email, admin.password);
const memberToken = await signIn(member.email, member.password);

let addresses = 0;
/** A client address no earlier request used, so the bound starts from zero. */
const freshAddress = () => `198.51.100.${++addresses}`;

const send = (body: unknown, client = freshAddress()) =>
  app.request("/api/events", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Test-Client": client },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const countsOf = async (productId: number, day = today) =>
  (
    await db.all<{ views: number; shop_visits: number }>(
      sql`select views, shop_visits from product_daily_counts where product_id = ${productId} and day = ${day}`,
    )
  )[0] ?? { views: 0, shop_visits: 0 };

const insights = async (query: string, token = adminToken) =>
  app.request(`/api/admin/insights${query}`, { headers: { Authorization: `Bearer ${token}` } });

/** Every stored row of the three insight tables, as text: what an address would show up in. */
const everythingStored = async () =>
  JSON.stringify([
    await db.all(sql`select * from product_daily_counts`),
    await db.all(sql`select * from insight_bounds`),
    await db.all(sql`select * from insight_salts`),
  ]);

async function expectRefused(res: Response, status: number, code: string, field?: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe(code);
  expect(body.detail).toEqual(expect.any(String));
  if (field) expect(Object.keys(body.fields ?? {})).toEqual([field]);
}

describe("counting events", () => {
  it("counts a view and a shop visit for today, answered 202 with nothing to read and no cookie", async () => {
    const product = await createProduct(db);
    const client = freshAddress();
    const view = await send({ product_id: product.id, kind: "view" }, client);
    expect(view.status).toBe(202);
    expect(await view.json()).toEqual({ status: "accepted" });
    expect(view.headers.get("Set-Cookie")).toBeNull();
    expect((await send({ product_id: product.id, kind: "shop_visit" }, client)).status).toBe(202);
    expect((await send({ product_id: product.id, kind: "view" }, client)).status).toBe(202);
    expect(await countsOf(product.id)).toEqual({ views: 2, shop_visits: 1 });
  });

  it("counts an event on the day it happened, up to 30 days back", async () => {
    const product = await createProduct(db);
    expect((await send({ product_id: product.id, kind: "shop_visit", day: "2026-10-20" })).status).toBe(202);
    expect((await send({ product_id: product.id, kind: "view", day: "2026-10-02" })).status).toBe(202);
    expect(await countsOf(product.id, "2026-10-20")).toEqual({ views: 0, shop_visits: 1 });
    expect(await countsOf(product.id, "2026-10-02")).toEqual({ views: 1, shop_visits: 0 });
    expect(await countsOf(product.id)).toEqual({ views: 0, shop_visits: 0 });
  });

  it("refuses a future day, a day more than 30 days back and a date that does not exist, writing nothing", async () => {
    const product = await createProduct(db);
    const before = await everythingStored();
    for (const day of ["2026-11-02", "2026-10-01", "2026-02-30", "1.11.2026"]) {
      await expectRefused(await send({ product_id: product.id, kind: "view", day }), 400, "invalid_request", "day");
    }
    expect(await everythingStored()).toBe(before);
  });

  it("refuses an unknown product, a wrong kind, extra fields, malformed JSON and an oversized body, writing nothing", async () => {
    const product = await createProduct(db);
    const before = await everythingStored();
    await expectRefused(await send({ product_id: 999_999, kind: "view" }), 400, "unknown_product", "product_id");
    await expectRefused(await send({ product_id: product.id, kind: "purchase" }), 400, "invalid_request", "kind");
    await expectRefused(await send({ product_id: "1", kind: "view" }), 400, "invalid_request", "product_id");
    await expectRefused(await send({ product_id: 1.5, kind: "view" }), 400, "invalid_request", "product_id");
    await expectRefused(await send({ product_id: product.id, kind: "view", visitor: "x" }), 400, "invalid_request");
    await expectRefused(await send(`{"product_id": ${product.id}, "kind": "view"`), 400, "malformed_json");
    await expectRefused(
      await send({ product_id: product.id, kind: "view", padding: "x".repeat(1100) }),
      413,
      "payload_too_large",
    );
    expect(await everythingStored()).toBe(before);
  });

  it("refuses a body over 1 kB sent without a length (chunked), before reading more", async () => {
    const product = await createProduct(db);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(JSON.stringify({ product_id: product.id, kind: "view", day: " ".repeat(2000) })),
        );
        controller.close();
      },
    });
    const res = await app.request("/api/events", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Test-Client": freshAddress() },
      body,
      duplex: "half",
    } as RequestInit);
    await expectRefused(res, 413, "payload_too_large");
    expect(await countsOf(product.id)).toEqual({ views: 0, shop_visits: 0 });
  });
});

describe("the per-address bound", () => {
  it(`counts at most ${eventsPerAddressPerDay} events of a kind per product from one address a day; repeats are still 202`, async () => {
    const product = await createProduct(db);
    const other = await createProduct(db);
    const client = freshAddress();
    for (let i = 0; i < eventsPerAddressPerDay + 5; i++) {
      expect((await send({ product_id: product.id, kind: "view" }, client)).status).toBe(202);
    }
    expect(await countsOf(product.id)).toEqual({ views: eventsPerAddressPerDay, shop_visits: 0 });
    // The bound is per kind, per product and per address.
    await send({ product_id: product.id, kind: "shop_visit" }, client);
    await send({ product_id: other.id, kind: "view" }, client);
    await send({ product_id: product.id, kind: "view" }, freshAddress());
    expect(await countsOf(product.id)).toEqual({ views: eventsPerAddressPerDay + 1, shop_visits: 1 });
    expect(await countsOf(other.id)).toEqual({ views: 1, shop_visits: 0 });
  });

  it("counts 200 concurrent events for one product exactly: 200 from 200 addresses", async () => {
    const product = await createProduct(db);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => send({ product_id: product.id, kind: "shop_visit" })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(200).fill(202));
    expect(await countsOf(product.id)).toEqual({ views: 0, shop_visits: 200 });
  });

  it(`counts 200 concurrent events from one address as ${eventsPerAddressPerDay}`, async () => {
    const product = await createProduct(db);
    const client = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => send({ product_id: product.id, kind: "view" }, client)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(200).fill(202));
    expect(await countsOf(product.id)).toEqual({ views: eventsPerAddressPerDay, shop_visits: 0 });
  });

  it("counts a concurrent mix exactly: products, kinds and days from one address, unknown products refused", async () => {
    const [tea, oil] = [await createProduct(db), await createProduct(db)];
    const client = freshAddress();
    const yesterday = "2026-10-31";
    const known = [
      // One bound for the address's views of the tea, whichever day each happened on.
      ...Array.from({ length: 30 }, (_, i) => ({
        product_id: tea.id,
        kind: "view",
        ...(i % 3 ? {} : { day: yesterday }),
      })),
      ...Array.from({ length: 5 }, () => ({ product_id: tea.id, kind: "shop_visit" })),
      ...Array.from({ length: 7 }, () => ({ product_id: oil.id, kind: "view", day: yesterday })),
    ];
    const unknown = Array.from({ length: 10 }, (_, i) => ({ product_id: 900_000 + (i % 2), kind: "view" }));
    const answers = await Promise.all([...known, ...unknown].map((event) => send(event, client)));
    expect(answers.map((res) => res.status)).toEqual([...Array(known.length).fill(202), ...Array(10).fill(400)]);
    const [teaToday, teaYesterday] = [await countsOf(tea.id), await countsOf(tea.id, yesterday)];
    expect(teaToday.views + teaYesterday.views).toBe(eventsPerAddressPerDay);
    expect(teaToday.shop_visits + teaYesterday.shop_visits).toBe(5);
    expect(await countsOf(oil.id)).toEqual({ views: 0, shop_visits: 0 });
    expect(await countsOf(oil.id, yesterday)).toEqual({ views: 7, shop_visits: 0 });
    expect(await db.all(sql`select * from product_daily_counts where product_id >= 900000`)).toEqual([]);
  });

  it("stores no address: only hashes, which change with the day's salt; the old day's salt and bound rows go", async () => {
    const product = await createProduct(db);
    const client = "203.0.113.77";
    await send({ product_id: product.id, kind: "view" }, client);
    const stored = await everythingStored();
    expect(stored).not.toContain(client);
    const salts = await db.all<{ day: string; salt: string }>(sql`select day, salt from insight_salts`);
    expect(salts).toEqual([{ day: today, salt: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    const keysToday = await db.all<{ key: string }>(sql`select key from insight_bounds where day = ${today}`);
    expect(keysToday.length).toBeGreaterThan(0);

    // The next day (Turkey's midnight is 21:00 UTC): the first event makes a new salt and
    // deletes yesterday's salt and bound rows.
    clock.advance(24 * 3_600_000);
    const tomorrow = "2026-11-02";
    for (let i = 0; i < eventsPerAddressPerDay; i++) await send({ product_id: product.id, kind: "view" }, client);
    expect(await db.all(sql`select day from insight_salts`)).toEqual([{ day: tomorrow }]);
    expect(await db.all(sql`select distinct day from insight_bounds`)).toEqual([{ day: tomorrow }]);
    const [newSalt] = await db.all<{ salt: string }>(sql`select salt from insight_salts`);
    expect(newSalt?.salt).not.toBe(salts[0]?.salt);
    const keysTomorrow = await db.all<{ key: string }>(sql`select key from insight_bounds`);
    expect(keysTomorrow.map((row) => row.key)).not.toContain(keysToday[0]?.key);
    // The address starts from zero on the new day: all 20 counted.
    expect(await countsOf(product.id, tomorrow)).toEqual({ views: eventsPerAddressPerDay, shop_visits: 0 });
    expect(await everythingStored()).not.toContain(client);
    clock.advance(-24 * 3_600_000);
  });
});

describe("a finished day's salt is deleted at midnight, event or not (issue 37)", () => {
  it("a clock moved past the shop's midnight with no event: the periodic pass leaves no old salt or bound row", async () => {
    const product = await createProduct(db);
    await send({ product_id: product.id, kind: "view" }, "203.0.113.78");
    const finished = async () => [
      ...(await db.all(sql`select day from insight_salts where day <= ${today}`)),
      ...(await db.all(sql`select day from insight_bounds where day <= ${today}`)),
    ];
    expect((await finished()).length).toBeGreaterThan(1);
    // 21:00 UTC is midnight in Turkey: one minute past it, and no event since.
    const pastMidnight = new Date("2026-11-01T21:01:00Z").getTime() - clock.now().getTime();
    clock.advance(pastMidnight);
    try {
      await forgetFinishedDays(db, clock.now());
      expect(await finished()).toEqual([]);
      // The day's counts stay.
      expect(await countsOf(product.id)).toEqual({ views: 1, shop_visits: 0 });
    } finally {
      clock.advance(-pastMidnight);
    }
  });

  it("the Node server's periodic pass deletes them, with no event", { timeout: 60_000 }, async () => {
    const server = await startTestServer({}, { dispatchIntervalMs: 100 });
    const file = createClient({ url: server.databaseUrl });
    try {
      const now = shopDay(new Date());
      const yesterday = addDays(now, -1);
      await file.batch([
        {
          sql: "insert into insight_salts (day, salt) values (?, 'old-salt'), (?, 'new-salt')",
          args: [yesterday, now],
        },
        {
          sql: "insert into insight_bounds (day, key, count) values (?, 'old-key', 3), (?, 'new-key', 1)",
          args: [yesterday, now],
        },
      ]);
      await vi.waitFor(
        async () =>
          expect((await file.execute("select day from insight_salts")).rows.map((row) => row.day)).toEqual([now]),
        { timeout: 10_000, interval: 50 },
      );
      expect((await file.execute("select key from insight_bounds")).rows.map((row) => row.key)).toEqual(["new-key"]);
    } finally {
      file.close();
      await server.close();
    }
  });
});

describe("a bad event costs no other (issue 37)", () => {
  it("counts every real view sent beside events for a product deleted today and for ids that never existed, which are 400 unknown_product", async () => {
    const [gone, real] = [await createProduct(db), await createProduct(db)];
    const client = freshAddress();
    // Viewed and followed this morning, deleted since: the address's bound rows for it outlive it.
    expect((await send({ product_id: gone.id, kind: "view" }, client)).status).toBe(202);
    expect((await send({ product_id: gone.id, kind: "shop_visit" }, client)).status).toBe(202);
    await db.run(sql`delete from products where id = ${gone.id}`);

    const realViews = 100;
    const bad = [
      ...Array.from({ length: 30 }, (_, i) => ({ product_id: gone.id, kind: i % 2 ? "view" : "shop_visit" })),
      ...Array.from({ length: 10 }, (_, i) => ({ product_id: 800_000 + i, kind: "view" })),
    ];
    // Interleaved, so the bad events share the group commits of the real ones.
    const sent = Array.from({ length: realViews + bad.length }, (_, i) => {
      const badOne = i % 3 === 2 ? bad.shift() : undefined;
      return badOne
        ? { real: false, answer: send(badOne, client) }
        : { real: true, answer: send({ product_id: real.id, kind: "view" }) };
    });
    const answered = await Promise.all(sent.map(async ({ real, answer }) => ({ real, res: await answer })));
    const realAnswers = answered.filter((a) => a.real).map((a) => a.res);
    const badAnswers = answered.filter((a) => !a.real).map((a) => a.res);
    expect(realAnswers).toHaveLength(realViews);
    expect({ lost: realAnswers.filter((res) => res.status !== 202).length }).toEqual({ lost: 0 });
    expect(await countsOf(real.id)).toEqual({ views: realViews, shop_visits: 0 });
    expect(badAnswers).toHaveLength(40);
    for (const res of badAnswers) await expectRefused(res, 400, "unknown_product", "product_id");
    expect(await db.all(sql`select * from product_daily_counts where product_id = ${gone.id}`)).toEqual([]);
  });

  it("answers an event the database refuses for a reason no one foresaw on its own: the rest of its group is counted", async () => {
    const [refused, real] = [await createProduct(db), await createProduct(db)];
    // A fault in one event's write, whatever its cause: here a trigger that refuses its count.
    await db.run(
      sql.raw(`create trigger refuse_one before insert on product_daily_counts when new.product_id = ${refused.id}
               begin select raise(abort, 'refused by the test'); end`),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          send({ product_id: i % 20 === 7 ? refused.id : real.id, kind: "shop_visit" }),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status, i) => i % 20 !== 7 && status !== 202)).toEqual([]);
      expect(statuses.filter((_, i) => i % 20 === 7)).toEqual([500, 500, 500]);
      expect(await countsOf(real.id)).toEqual({ views: 0, shop_visits: 57 });
    } finally {
      await db.run(sql`drop trigger refuse_one`);
    }
  });
});

describe("GET /api/admin/insights", () => {
  it("is the administrator's alone: 401 without a session, 403 for a member", async () => {
    await expectRefused(await insights("?days=7", ""), 401, "unauthorized");
    await expectRefused(await insights("?days=7", memberToken), 403, "forbidden");
  });

  it("refuses a period other than 7, 30 or 90 days and a product id that is not one", async () => {
    await expectRefused(await insights("?days=14"), 400, "invalid_request", "days");
    await expectRefused(await insights("?days=7&product_id=abc"), 400, "invalid_request", "product_id");
  });

  it("gives each product's views and visits over the period, and every day's totals, for the shop or one product", async () => {
    // A shop of its own, so the figures are exactly this test's events.
    const shop = await createTestApp();
    const owner = await createMember(shop.db, {
      email: testSettings.ADMIN_EMAIL,
      role: "admin",
      password: "admin-pass-2",
    });
    const token = await signInAdmin(shop.app, owner);
    const tea = await createProduct(shop.db, { name: "Ihlamur" });
    const oil = await createProduct(shop.db, { name: "Çörek otu yağı" });
    const quiet = await createProduct(shop.db, { name: "Adaçayı" });
    const event = (product_id: number, kind: string, day?: string) =>
      shop.app.request("/api/events", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Test-Client": freshAddress() },
        body: JSON.stringify({ product_id, kind, ...(day ? { day } : {}) }),
      });
    for (const [product, kind, day] of [
      [tea.id, "view", undefined],
      [tea.id, "view", undefined],
      [tea.id, "shop_visit", undefined],
      [tea.id, "shop_visit", "2026-10-30"],
      [oil.id, "view", "2026-10-30"],
      [oil.id, "shop_visit", "2026-10-30"],
      [oil.id, "shop_visit", "2026-10-20"], // 12 days back: in 30 days, not in 7
    ] as const) {
      expect((await event(product, kind, day)).status).toBe(202);
    }
    const read = async (query: string) => {
      const res = await shop.app.request(`/api/admin/insights${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      return (await res.json()) as Insights;
    };

    const week = await read("?days=7");
    expect(week).toMatchObject({ days: 7, from: "2026-10-26", to: today, product_id: null });
    expect(week.products).toEqual([
      { id: tea.id, name: "Ihlamur", views: 2, shop_visits: 2 },
      { id: oil.id, name: "Çörek otu yağı", views: 1, shop_visits: 1 },
      { id: quiet.id, name: "Adaçayı", views: 0, shop_visits: 0 },
    ]);
    expect(week.daily.map((d) => d.day)).toEqual([
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
    ]);
    expect(week.daily.find((d) => d.day === "2026-10-30")).toEqual({ day: "2026-10-30", views: 1, shop_visits: 2 });
    expect(week.daily.find((d) => d.day === today)).toEqual({ day: today, views: 2, shop_visits: 1 });

    const month = await read("?days=30");
    expect(month.daily).toHaveLength(30);
    expect(month.products.find((p) => p.id === oil.id)).toEqual({
      id: oil.id,
      name: "Çörek otu yağı",
      views: 1,
      shop_visits: 2,
    });
    expect(month.daily.find((d) => d.day === "2026-10-20")?.shop_visits).toBe(1);

    const oilOnly = await read(`?days=30&product_id=${oil.id}`);
    expect(oilOnly.product_id).toBe(oil.id);
    expect(oilOnly.daily.reduce((sum, d) => sum + d.shop_visits, 0)).toBe(2);
    expect(oilOnly.daily.find((d) => d.day === today)).toEqual({ day: today, views: 0, shop_visits: 0 });

    expect((await read("?days=90")).daily).toHaveLength(90);
    expect((await read("")).days).toBe(30);
  });
});

describe("migration 0009", () => {
  // Through 0009 only: a later migration (0013's English texts) adds product columns of its own.
  const through0009 = migrationsUpTo("0009_insights");
  it("adds the three insight tables to a shop's database and keeps its products", async () => {
    const { db: old } = await createTestDatabase({ migrationsFolder: migrationsUpTo("0008_product-temperaments") });
    await old.run(
      sql`insert into products (name, short_description, etsy_link) values ('Kekik', 'Kısa', 'https://www.etsy.com/listing/1/kekik')`,
    );
    const product = (await old.get<{ id: number }>(sql`select id from products where name = 'Kekik'`)) as {
      id: number;
    };
    const before = await old.all(sql`select * from products`);
    await migrate(old, { migrationsFolder: through0009 });
    expect(await old.all(sql`select * from products`)).toEqual(before);
    const tables = await old.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name in ('product_daily_counts', 'insight_bounds', 'insight_salts') order by name`,
    );
    expect(tables.map((t) => t.name)).toEqual(["insight_bounds", "insight_salts", "product_daily_counts"]);
    // A product's counts go with it.
    await old.run(sql`insert into product_daily_counts (product_id, day, views) values (${product.id}, ${today}, 3)`);
    await old.run(sql`delete from products where id = ${product.id}`);
    expect(await old.all(sql`select * from product_daily_counts`)).toEqual([]);
  });
});
