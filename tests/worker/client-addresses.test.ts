import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { eventsPerAddressPerDay } from "../../worker/insights/events.ts";
import { createMember, createProduct } from "../support/factories.ts";
import { limitedRoutes } from "../support/rate-limited-routes.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 37 in the production runtime: CF-Connecting-IP names the client, in whatever spelling
// Cloudflare's edge or a client's network gives; every per-address limit and the insights'
// bound count an IPv6 client by its /64 (ADR 0064; tests/api/client-addresses.test.ts on Node);
// rate_limits keeps them under an HMAC, naming no one (ADR 0065; tests/api/rate-limit-keys.test.ts).

const limit = 3;
const shop = setUpWorkerShop({
  clientAddress: "198.51.100.62",
  settings: {
    SIGNUP_LIMIT_PER_HOUR: String(limit),
    RECOVER_LIMIT_PER_HOUR: String(limit),
    VERIFY_RESEND_LIMIT_PER_HOUR: String(limit),
    SIGNIN_LIMIT_PER_IP: String(limit),
    SIGNIN_LIMIT_PER_ACCOUNT: String(limit),
  },
});

limitedRoutes.forEach(([name, path], n) => {
  it(`${name}: spellings and addresses of one /64 share one limit, another /64 has its own`, async () => {
    const net = n + 1;
    const addresses = [
      `2001:db8:${net}:1::1`,
      `2001:0DB8:${net.toString(16).padStart(4, "0")}:0001:0000:0000:0000:0002`,
      `2001:db8:${net}:1:ffff:ffff:ffff:ffff`,
      `2001:db8:${net}:1::1`,
    ];
    const statuses = [];
    for (const clientAddress of addresses) {
      statuses.push((await shop.request("POST", path, { body: { nonsense: true }, clientAddress })).status);
    }
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses.slice(limit)).toEqual([429]);
    const neighbour = await shop.request("POST", path, { body: {}, clientAddress: `2001:db8:${net}:2::1` });
    expect(neighbour.status).not.toBe(429);
  });
});

it(`the insights' bound: ten addresses of one /64 add ${eventsPerAddressPerDay} views; another /64 adds its own`, async () => {
  const db = shop.database.db;
  const product = await createProduct(db);
  const view = (clientAddress: string) =>
    shop.request("POST", "/api/events", { body: { product_id: product.id, kind: "view" }, clientAddress });
  const answers = [];
  for (let host = 1; host <= 10; host++) {
    const clientAddress = host % 2 ? `2001:db8:77:1::${host}` : `2001:DB8:77:1:0:0:0:${host}`;
    answers.push(...(await Promise.all(Array.from({ length: eventsPerAddressPerDay }, () => view(clientAddress)))));
  }
  answers.push(await view("2001:db8:77:2::1"));
  expect(answers.filter((res) => res.status !== 202)).toEqual([]);
  const [counts] = await db.all<{ views: number }>(
    sql`select views from product_daily_counts where product_id = ${product.id}`,
  );
  expect(counts?.views).toBe(eventsPerAddressPerDay + 1);
});

it("rate_limits names no client address and no e-mail after sign-ins, a sign-up and a recovery; the account's limit holds", async () => {
  const member = await createMember(shop.database.db, { email: "selin.koc@example.com", password: "member-pass-3" });
  const signIns = [];
  for (const clientAddress of ["2001:db8:90:1::5", "203.0.113.90", "203.0.113.91", "203.0.113.92", "203.0.113.93"]) {
    const res = await shop.signIn(member.email, "wrong-password-3", { clientAddress });
    signIns.push(res.status);
  }
  // Strangers' guesses from five addresses: the account's limit of 3 holds under hashed keys.
  expect(signIns).toEqual([400, 400, 400, 429, 429]);
  await shop.request("POST", "/api/auth/recover", {
    body: { email: "umut.aras@example.com" },
    clientAddress: "192.0.2.94",
  });
  await shop.request("POST", "/api/auth/signup", {
    body: { email: "ece.bal@example.com" },
    clientAddress: "192.0.2.95",
  });

  const rows = await shop.database.db.all<{ key: string }>(sql`select * from rate_limits`);
  expect(rows.length).toBeGreaterThan(5);
  for (const { key } of rows) expect(key).toMatch(/^[a-z:-]+:[0-9a-f]{64}$/);
  const table = JSON.stringify(rows).toLowerCase();
  for (const named of ["2001:db8", "203.0.113", "192.0.2", "198.51.100", "example.com", "selin", "umut", "ece.bal"]) {
    expect(table).not.toContain(named);
  }
});
