import { createClient, type Transaction } from "@libsql/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startHranaServer } from "../dev-tools/hrana-server.ts";
import { productBody } from "../support/factories.ts";
import { startWorkerShop, testAdmin, type WorkerShop } from "./harness.ts";

// Issue 29's database faults on the Worker (docs/decisions/0050-faults.md): the local
// Turso-protocol endpoint stopped mid-request, and the file locked past the endpoint's busy
// timeout, each answered 503 with `detail` and `Retry-After`, nothing written, and the same
// workerd answering again once the endpoint is back.

let shop: WorkerShop;
const logs: { level: string; message: string }[] = [];
beforeAll(async () => {
  shop = await startWorkerShop({ onLog: (log) => void logs.push(log) });
}, 120_000);
afterAll(() => shop?.stop());

const port = () => Number(new URL(shop.hrana.url).port);

/** The endpoint stopped, then started again on the same address and file. */
async function restartEndpoint(options: { busyTimeoutMs?: number } = {}) {
  await shop.hrana.close();
  shop.hrana = await startHranaServer({ file: shop.database.file, port: port(), ...options });
}

const request = (method: string, path: string, init: { body?: unknown; token?: string; key?: string } = {}) =>
  shop.worker.dispatchFetch(`http://shop.test${path}`, {
    method,
    headers: {
      "CF-Connecting-IP": "198.51.100.77",
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.key ? { "Idempotency-Key": init.key } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

async function admin() {
  const login = await request("POST", "/api/admin/login", { body: testAdmin });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const categories = (await (await request("GET", "/api/categories")).json()) as { id: number }[];
  const categoryId = categories[0]?.id as number;
  return (name: string, key: string) =>
    request("POST", "/api/admin/products", {
      token,
      key,
      body: productBody(categoryId, { name }),
    });
}

const named = async (name: string) =>
  (await shop.database.client.execute({ sql: "select id from products where name = ?", args: [name] })).rows.length;

/** Another connection to the file takes the write lock, until `release()`. */
async function holdWriteLock() {
  const client = createClient({ url: `file:${shop.database.file}` });
  const tx: Transaction = await client.transaction("write");
  await tx.execute("insert into rate_limits (key, count, reset_at) values ('lock-holder', 1, 0)");
  return {
    async release() {
      await tx.rollback();
      client.close();
    },
  };
}

it("answers 503 with Retry-After when the endpoint stops mid-request, writes nothing, and recovers", async () => {
  const create = await admin();
  // The write waits for a lock another connection holds; the endpoint stops while it waits.
  const lock = await holdWriteLock();
  const pending = create("Yarıda kalan", "stopped-1");
  await new Promise((waited) => setTimeout(waited, 500));
  await shop.hrana.close();
  const refused = await pending;
  expect(refused.status).toBe(503);
  expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  expect(await refused.json()).toEqual({ detail: expect.stringMatching(/try again/i), code: "database_unavailable" });
  await lock.release();

  // Still stopped: every request that needs the database gets the same answer, pages too.
  const stillDown = await create("Yarıda kalan", "stopped-1");
  expect(stillDown.status).toBe(503);
  expect(stillDown.headers.get("Retry-After")).toMatch(/^\d+$/);
  await stillDown.body?.cancel();

  await restartEndpoint();
  expect(await named("Yarıda kalan")).toBe(0);
  // The same workerd, the same request: made now, once.
  const made = await create("Yarıda kalan", "stopped-1");
  expect(made.status).toBe(201);
  expect(made.headers.get("Idempotent-Replayed")).toBeNull();
  expect(await named("Yarıda kalan")).toBe(1);
  expect(logs.filter((log) => log.level === "error")).toEqual([]);
}, 60_000);

it("answers 503 with Retry-After when the file stays locked past the busy timeout, and recovers", async () => {
  await restartEndpoint({ busyTimeoutMs: 500 });
  const create = await admin();
  const lock = await holdWriteLock();
  const refused = await create("Kilitli dosya", "locked-1");
  expect(refused.status).toBe(503);
  expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  expect(await refused.json()).toEqual({ detail: expect.stringMatching(/try again/i), code: "database_busy" });
  await lock.release();
  expect(await named("Kilitli dosya")).toBe(0);

  const made = await create("Kilitli dosya", "locked-1");
  expect(made.status).toBe(201);
  expect(await named("Kilitli dosya")).toBe(1);
  expect(logs.filter((log) => log.level === "error")).toEqual([]);
}, 60_000);
