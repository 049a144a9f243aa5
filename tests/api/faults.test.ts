import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { SessionManager } from "../../web/lib/session-manager.ts";
import { emailOutbox } from "../../worker/db/schema.ts";
import { dispatchOutbox } from "../../worker/email/dispatcher.ts";
import { enqueueEmail } from "../../worker/email/outbox.ts";
import { createHttpApiMailer } from "../../worker/email/transports/http-api.ts";
import { type NodeServer, startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { startEmailApiStub } from "../support/email-api-stub.ts";
import { createMember, productBody } from "../support/factories.ts";
import { nodeServerSettings } from "../support/server.ts";
import { createTestApp, createTestClock, createTestDatabase } from "../support/test-app.ts";
import { holdWriteLock } from "../support/write-lock.ts";

// Issue 29's faults, on the Node runtime (docs/decisions/0050-faults.md): the database locked
// mid-request, the server killed during a burst of keyed admin writes, the e-mail provider down
// for an hour, and a device whose clock is 5 minutes off the server's.

const minute = 60_000;
const json = { "Content-Type": "application/json" };
const settings = nodeServerSettings({ SIGNUP_LIMIT_PER_HOUR: "1000" });

async function adminSession(url: string) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const categories = (await (await fetch(`${url}/api/categories`)).json()) as { id: number }[];
  const categoryId = categories[0]?.id;
  if (categoryId === undefined) throw new Error("no seeded category");
  const create = (name: string, key?: string) =>
    fetch(`${url}/api/admin/products`, {
      method: "POST",
      headers: { ...json, Authorization: `Bearer ${token}`, ...(key ? { "Idempotency-Key": key } : {}) },
      body: JSON.stringify(productBody(categoryId, { name })),
    });
  return { create };
}

/** The rows named `name…` in the server's file, read past the API. */
async function productsNamed(prefix: string) {
  const client = createClient({ url: settings.DATABASE_URL });
  try {
    const { rows } = await client.execute({ sql: "select name from products where name like ?", args: [`${prefix}%`] });
    return rows.map((row) => String(row.name));
  } finally {
    client.close();
  }
}

describe("the database locked mid-request", () => {
  let server: NodeServer;
  afterAll(() => server?.close());

  it("answers 503 with detail and Retry-After, writes nothing, and recovers without a restart", async () => {
    server = await startNodeServer({ ...settings, PORT: "0" }, { port: 0 });
    const { create } = await adminSession(server.url);
    // Another process (a CLI, the local Turso endpoint) takes the write lock and keeps it past
    // the busy timeout (5 s), until told to let go.
    const lock = await holdWriteLock(settings.DATABASE_URL);

    const started = Date.now();
    const refused = await create("Kilitli dosya", "locked-1");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({
      detail: expect.stringMatching(/try again/i),
      code: "database_busy",
    });

    await lock.release();
    expect(await productsNamed("Kilitli dosya")).toEqual([]);
    // The same request again, same key: the refusal was not kept as its answer.
    const retried = await create("Kilitli dosya", "locked-1");
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await productsNamed("Kilitli dosya")).toEqual(["Kilitli dosya"]);
  }, 30_000);
});

/** `npm start`'s server as a process of its own, on a free port; resolves once it listens. */
async function startServerProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["worker/entries/node.ts"], {
    cwd: projectRoot,
    env: { ...process.env, ...settings, PORT: "0", LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const url = await new Promise<string>((listening, failed) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/\S+)/.exec(output);
      if (found?.[1]) listening(found[1]);
    });
    child.once("exit", (code) => failed(new Error(`the server exited (${code}) before listening: ${output}`)));
  });
  return { url, child };
}

describe("the Node server killed during a burst of keyed admin writes", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  });

  it("keeps every write that got a 2xx exactly once, and a replay of the burst creates nothing new", async () => {
    const first = await startServerProcess();
    children.push(first.child);
    const { create } = await adminSession(first.url);
    const burst = Array.from({ length: 50 }, (_, i) => ({ name: `Patlama ${i}`, key: `burst-${i}` }));

    // All 50 sent at once; the process is killed when the 10th answer arrives, mid-burst.
    const killed = once(first.child, "exit");
    let answered = 0;
    const answers = await Promise.all(
      burst.map(({ name, key }) =>
        create(name, key).then(
          async (res) => {
            if (++answered === 10) first.child.kill("SIGKILL");
            // The status came; the body may not have, the process dying meanwhile.
            return { status: res.status, body: await res.text().catch(() => null) };
          },
          () => ({ status: 0, body: null }),
        ),
      ),
    );
    await killed;
    const succeeded = burst.filter((_, i) => (answers[i]?.status ?? 0) >= 200 && (answers[i]?.status ?? 0) < 300);
    expect(succeeded.length).toBeGreaterThan(0);
    // What the dead server had committed: each write at most once, every 2xx among them.
    const committed = await productsNamed("Patlama ");
    expect(new Set(committed).size).toBe(committed.length);
    for (const { name } of succeeded) expect(committed).toContain(name);

    // Restarted on the same file, the whole burst sent again with the same keys.
    const second = await startServerProcess();
    children.push(second.child);
    const again = await adminSession(second.url);
    const replays = await Promise.all(burst.map(({ name, key }) => again.create(name, key)));
    for (const [i, replay] of replays.entries()) {
      expect(replay.status).toBe(201);
      // A write the dead server committed, answered or not, is replayed, not made again: its
      // key was committed with it.
      const name = burst[i]?.name ?? "";
      expect(replay.headers.get("Idempotent-Replayed")).toBe(committed.includes(name) ? "true" : null);
      const before = answers[i];
      if (before?.status === 201 && before.body !== null) expect(await replay.text()).toBe(before.body);
    }
    const after = await productsNamed("Patlama ");
    expect(after.sort()).toEqual(burst.map((b) => b.name).sort());

    // And once more: nothing new.
    await Promise.all(burst.map(({ name, key }) => again.create(name, key)));
    expect((await productsNamed("Patlama ")).length).toBe(50);
    second.child.kill("SIGTERM");
    await once(second.child, "exit");
  }, 60_000);
});

describe("the e-mail provider failing for an hour", async () => {
  const stub = await startEmailApiStub();
  afterAll(() => stub.close());
  const { db } = await createTestDatabase();

  it("delivers every message once after it recovers", async () => {
    const clock = createTestClock();
    const mailer = createHttpApiMailer({ url: `${stub.origin}/`, apiKey: "re_test_faults" });
    const logger = createLogger("silent");
    const pass = () =>
      dispatchOutbox({ db, mailer, clock, logger, from: "Doğal Yaşam <no-reply@dogalyasam.test>", maxAttempts: 8 });
    for (let i = 0; i < 5; i++) {
      await enqueueEmail(db, {
        kind: "verify_email",
        to: `uye${i}@example.com`,
        content: { subject: `Hoş geldiniz ${i}`, text: `Metin ${i}`, html: `<p>Metin ${i}</p>` },
        sendAfter: clock.now(),
      });
    }

    // Down for an hour: the dispatcher runs every minute (as the cron and the Node timer do).
    stub.answer({ status: 503, body: JSON.stringify({ message: "Service unavailable" }) });
    for (let elapsed = 0; elapsed < 60; elapsed++) {
      await pass();
      clock.advance(minute);
    }
    expect(stub.requests.length).toBeGreaterThan(5); // it kept trying
    const down = await db.select().from(emailOutbox);
    expect(down.every((row) => row.sentAt === null && row.failedAt === null)).toBe(true);

    // Back up: passes keep running, for a day of the test clock.
    const triedWhileDown = stub.requests.length;
    stub.answer({ status: 200, body: JSON.stringify({ id: "ok" }) });
    for (let elapsed = 0; elapsed < 24 * 60; elapsed++) {
      await pass();
      clock.advance(minute);
    }
    const accepted = stub.requests.slice(triedWhileDown);
    const to = accepted.flatMap((request) => (JSON.parse(request.body) as { to: string[] | string }).to);
    expect(to.sort()).toEqual([
      "uye0@example.com",
      "uye1@example.com",
      "uye2@example.com",
      "uye3@example.com",
      "uye4@example.com",
    ]);
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((row) => row.sentAt !== null && row.failedAt === null && row.claimId === null)).toBe(true);
  }, 60_000);
});

describe("a device whose clock is 5 minutes off the server's", () => {
  for (const offsetMinutes of [5, -5]) {
    it(`keeps the session working for three hours with the server ${offsetMinutes > 0 ? "ahead" : "behind"}`, async () => {
      const { app, db, clock } = await createTestApp();
      const member = await createMember(db, { password: "member-pass-1" });
      let device = clock.now().getTime() - offsetMinutes * minute;
      const storage = new Map<string, string>();
      let refused = 0;
      const manager = new SessionManager({
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => void storage.set(key, value),
          removeItem: (key) => void storage.delete(key),
        },
        fetch: async (input, init) => {
          const res = await app.request(String(input), init);
          if (res.status === 401) refused++;
          return res;
        },
        tabs: { post: () => {}, listen: () => () => {} },
        lock: (task) => task(),
        visibility: { visible: () => true, onChange: () => () => {} },
        now: () => device,
      });
      await manager.signIn(member.email, member.password);
      const statuses = new Set<number>();
      // Every minute of both clocks, a call that needs the session.
      for (let elapsed = 0; elapsed <= 180; elapsed++) {
        const res = await manager.fetch("/api/user/profile");
        statuses.add(res.status);
        await res.body?.cancel();
        clock.advance(minute);
        device += minute;
      }
      expect([...statuses]).toEqual([200]);
      // Refreshed before the server's clock ends a token: the device counts a session's hour
      // from its arrival, never from the server's `expires_at`, so no call is even refused once.
      expect(refused).toBe(0);
      expect(manager.getState().status).toBe("signed-in");
    });
  }
});
