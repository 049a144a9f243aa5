import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { eventsPerAddressPerDay } from "../../worker/insights/events.ts";
import { createProduct } from "../support/factories.ts";
import { limitedRoutes } from "../support/rate-limited-routes.ts";
import { startTestServer } from "../support/server.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 37: the per-address limits and the insights' bound count an IPv6 client by its /64, in
// one spelling, and an IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) as its
// IPv4 address (worker/lib/client-key.ts, ADR 0064). In-process, the client is named with
// X-Test-Client; below, real sockets. The Worker counterpart is tests/worker/client-addresses.test.ts.

const limit = 3;
const { app, db } = await createTestApp({
  SIGNUP_LIMIT_PER_HOUR: limit,
  RECOVER_LIMIT_PER_HOUR: limit,
  VERIFY_RESEND_LIMIT_PER_HOUR: limit,
  SIGNIN_LIMIT_PER_IP: limit,
});

const post = (path: string, client: string, body: unknown = { nonsense: true }) =>
  app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Test-Client": client },
    body: JSON.stringify(body),
  });

/** One /64, spelled every way a client or a proxy may spell it; then a neighbouring /64. */
const oneNetwork = (n: number) => [
  `2001:db8:${n}:1::1`,
  `2001:0DB8:${n.toString(16).padStart(4, "0")}:0001:0000:0000:0000:0002`,
  `2001:db8:${n}:1:ffff:ffff:ffff:ffff`,
  `2001:db8:${n}:1::abcd%eth0`,
];
const neighbour = (n: number) => `2001:db8:${n}:2::1`;

describe("every per-address limit counts an IPv6 client by its /64", () => {
  limitedRoutes.forEach(([name, path], n) => {
    it(`${name}: addresses of one /64 share one limit, another /64 has its own`, async () => {
      const addresses = oneNetwork(n + 1);
      const statuses = [];
      for (const address of addresses) statuses.push((await post(path, address)).status);
      expect(statuses.slice(0, limit)).not.toContain(429);
      expect(statuses.slice(limit)).toEqual([429]);
      expect((await post(path, neighbour(n + 1))).status).not.toBe(429);
    });
  });

  it("sign-up: an IPv4 address and its IPv4-mapped spelling are one client", async () => {
    const statuses = [];
    for (const address of ["192.0.2.40", "::ffff:192.0.2.40", "::FFFF:c000:228", "192.0.2.40"]) {
      statuses.push((await post("/api/auth/signup", address)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await post("/api/auth/signup", "192.0.2.41")).status).not.toBe(429);
  });
});

describe("the insights' bound counts an IPv6 client by its /64", () => {
  it(`ten addresses of one /64 add ${eventsPerAddressPerDay} views, not ten times that; another /64 adds its own`, {
    timeout: 30_000,
  }, async () => {
    const product = await createProduct(db);
    const view = (client: string) =>
      app.request("/api/events", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Test-Client": client },
        body: JSON.stringify({ product_id: product.id, kind: "view" }),
      });
    const answers = [];
    for (let host = 1; host <= 10; host++) {
      const client = host % 2 ? `2001:db8:77:1::${host}` : `2001:DB8:77:1:0:0:0:${host}`;
      answers.push(...(await Promise.all(Array.from({ length: eventsPerAddressPerDay }, () => view(client)))));
    }
    expect(answers.filter((res) => res.status !== 202)).toEqual([]);
    await view("2001:db8:77:2::1");
    const [counts] = await db.all<{ views: number }>(
      sql`select views from product_daily_counts where product_id = ${product.id}`,
    );
    expect(counts?.views).toBe(eventsPerAddressPerDay + 1);
  });
});

describe("over real sockets", async () => {
  // Two servers over one database: one listens on every address (dual-stack, so an IPv4
  // client's address arrives as ::ffff:127.0.0.1), the other on 127.0.0.1 alone.
  const settings = { SIGNUP_LIMIT_PER_HOUR: String(limit) };
  const dualStack = await startTestServer({ ...settings, HOST: "::" });
  const ipv4Only = await startTestServer({ ...settings, HOST: "127.0.0.1", DATABASE_URL: dualStack.databaseUrl });
  afterAll(async () => {
    await ipv4Only.close();
    await dualStack.close();
  });
  const port = (server: { url: string }) => new URL(server.url).port;
  const signUp = async (origin: string) =>
    (
      await fetch(`${origin}/api/auth/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      })
    ).status;

  it("an IPv4 client is one client whether a dual-stack socket or an IPv4 one reports it", async () => {
    const statuses = [];
    for (const origin of [dualStack, ipv4Only, dualStack, ipv4Only].map((s) => `http://127.0.0.1:${port(s)}`)) {
      statuses.push(await signUp(origin));
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it("an IPv6 client over ::1 is limited like any other", async () => {
    const statuses = [];
    for (let i = 0; i <= limit; i++) statuses.push(await signUp(`http://[::1]:${port(dualStack)}`));
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
