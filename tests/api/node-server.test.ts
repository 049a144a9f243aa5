import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createClient, type InStatement } from "@libsql/client";
import { describe, expect, it, onTestFinished } from "vitest";
import { seedCategories, seedProducts } from "../../drizzle/seed/catalogue.ts";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { ConfigError, publishedExampleValues } from "../../worker/config/config.ts";
import { StartupError, startNodeServer } from "../../worker/entries/node.ts";
import { signupBody } from "../support/factories.ts";
import { nodeServerSettings } from "../support/server.ts";

const run = promisify(execFile);
const settings = nodeServerSettings();

/**
 * Writes `rows` into the migrated database behind the server's back, then starts the server with
 * a periodic pass every 50 ms; answers the keys `select` finds, to poll until the pass has run.
 * The server and the client close when the test ends.
 */
async function keysLeftByPeriodicPass(rows: InStatement[], select: string) {
  await (await startNodeServer(settings, { port: 0 })).close();
  const client = createClient({ url: settings.DATABASE_URL });
  onTestFinished(() => client.close());
  await client.batch(rows, "write");
  const server = await startNodeServer(settings, { port: 0, dispatchIntervalMs: 50 });
  onTestFinished(() => server.close());
  return async () => (await client.execute(select)).rows.map((row) => row.key);
}

describe("the Node server (npm start's entry)", () => {
  it("migrates and seeds a fresh database, then serves the API on its port", async () => {
    const server = await startNodeServer(settings, { port: 0 });
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ status: "ok", database: "ok" });
      const products = (await (await fetch(`${server.url}/api/products`)).json()) as unknown[];
      expect(products).toHaveLength(seedProducts.length);
      const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as unknown[];
      expect(categories).toHaveLength(seedCategories.length);
      const survey = (await (await fetch(`${server.url}/api/survey/questions`)).json()) as {
        questions: unknown[];
      };
      expect(survey.questions).toHaveLength(20);
    } finally {
      await server.close();
    }
  });

  it("keeps the data on a second start (seeding is idempotent)", async () => {
    const first = await startNodeServer(settings, { port: 0 });
    const [product] = (await (await fetch(`${first.url}/api/products`)).json()) as { id: number }[];
    await first.close();

    // Remove a product behind the server's back, as the admin would; a restart must not re-add it.
    const client = createClient({ url: settings.DATABASE_URL });
    await client.execute({ sql: "delete from products where id = ?", args: [product?.id ?? 0] });
    client.close();

    const second = await startNodeServer(settings, { port: 0 });
    try {
      const after = (await (await fetch(`${second.url}/api/products`)).json()) as { id: number }[];
      expect(after).toHaveLength(seedProducts.length - 1);
      expect(after.map((p) => p.id)).not.toContain(product?.id);
      const survey = (await (await fetch(`${second.url}/api/survey/questions`)).json()) as {
        questions: unknown[];
      };
      expect(survey.questions).toHaveLength(seedSurveyQuestions.length);
    } finally {
      await second.close();
    }
  });

  it("removes write answers past their 30 days in its periodic pass, and keeps the others", async () => {
    const day = 24 * 60 * 60 * 1000;
    const answer = (key: string, age: number) => ({
      sql: `insert into idempotency_keys (key, user_id, method, path, status, body, created_at)
            values (?, 'admin', 'POST', '/api/admin/products', 201, '{}', ?)`,
      args: [key, Date.now() - age],
    });
    const kept = await keysLeftByPeriodicPass(
      [answer("expired", 31 * day), answer("kept", 29 * day)],
      "select key from idempotency_keys order by key",
    );
    await expect.poll(kept).toEqual(["kept"]);
  });

  it("removes attempt counters past their window in its periodic pass: their keys name client addresses", async () => {
    const counter = (key: string, resetAt: number) => ({
      sql: "insert into rate_limits (key, count, reset_at) values (?, 1, ?)",
      args: [key, resetAt],
    });
    const kept = await keysLeftByPeriodicPass(
      [counter("signup:ip:203.0.113.7", Date.now() - 60_000), counter("signup:ip:203.0.113.8", Date.now() + 3_600_000)],
      "select key from rate_limits where key like 'signup:ip:203.0.113.%' order by key",
    );
    await expect.poll(kept).toEqual(["signup:ip:203.0.113.8"]);
  });

  it("refuses bad configuration with a ConfigError naming the variable", async () => {
    await expect(startNodeServer({ ...settings, JWT_SECRET: "too-short" }, { port: 0 })).rejects.toThrow(
      new ConfigError("Invalid configuration: JWT_SECRET must be at least 32 bytes long"),
    );
  });

  it("reports a database it cannot open with a StartupError, not a stack trace", async () => {
    // A "folder" that is a file: the database can be neither created nor opened.
    const bad = { ...settings, DATABASE_URL: "file:/etc/passwd/app.db" };
    await expect(startNodeServer(bad, { port: 0 })).rejects.toBeInstanceOf(StartupError);
    await expect(startNodeServer(bad, { port: 0 })).rejects.toThrow(
      /^Cannot open the database at file:\/etc\/passwd\/app.db: \w+/,
    );
  });

  const production = { APP_ENV: "production", PUBLIC_URL: "https://shop.example" };
  it.each([
    ["a bad setting", { APP_ENV: "production", JWT_SECRET: "" }, "Invalid configuration: JWT_SECRET is required"],
    [
      "the development mailbox in production",
      { ...production, MAIL_TRANSPORT: "dev-mailbox" },
      "Invalid configuration: MAIL_TRANSPORT is dev-mailbox, which delivers nothing: set a transport that sends e-mail, or leave it unset to keep messages in the outbox",
    ],
    [
      "the published example secrets in production",
      {
        ...production,
        JWT_SECRET: publishedExampleValues.JWT_SECRET,
        ADMIN_PASSWORD: publishedExampleValues.ADMIN_PASSWORD,
      },
      "Invalid configuration: JWT_SECRET is the published example from .dev.vars.example: set a value of your own in production; ADMIN_PASSWORD is the published example from .dev.vars.example: set a value of your own in production",
    ],
    [
      "a common administrator's password in production",
      { ...production, ADMIN_PASSWORD: "123456" },
      "Invalid configuration: ADMIN_PASSWORD is too easy to guess: in production use at least 12 characters, and none of the most common passwords",
    ],
  ])("as a process, refuses %s with one line and a non-zero exit", async (_, bad, line) => {
    const failure = await run(process.execPath, ["worker/entries/node.ts"], {
      env: { ...process.env, ...settings, ...bad, PORT: "0" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in failure && failure.code).toBe(1);
    expect("stderr" in failure && failure.stderr.trim()).toBe(line);
  });

  // Generous test timeouts: starting a server or a process takes seconds on a busy machine; the
  // delivery itself must still happen within 5 s of the response.
  it("wakes the dispatcher when a request writes an e-mail: it reaches the mailbox within seconds", {
    timeout: 30_000,
  }, async () => {
    // The timer is an hour away, so only the wake from emailWritten can deliver it.
    const server = await startNodeServer(
      { ...settings, APP_ENV: "development" },
      { port: 0, dispatchIntervalMs: 3_600_000 },
    );
    try {
      const body = signupBody(seedSurveyQuestions);
      const signup = await fetch(`${server.url}/api/auth/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(signup.status).toBe(202);
      const written = Date.now();
      type Message = { to: string; kind: string; sent_at: string | null };
      await expect
        .poll(
          async () => {
            const mailbox = (await (await fetch(`${server.url}/api/dev/mailbox`)).json()) as Message[];
            return mailbox.find((m) => m.to === body.email);
          },
          { timeout: 5_000, interval: 100 },
        )
        .toMatchObject({ kind: "verify_email", sent_at: expect.any(String) });
      expect(Date.now() - written).toBeLessThan(5_000);
    } finally {
      await server.close();
    }
  });

  it("as a process, refuses a transport Node does not have with one line", { timeout: 30_000 }, async () => {
    const failure = await run(process.execPath, ["worker/entries/node.ts"], {
      env: { ...process.env, ...settings, MAIL_TRANSPORT: "cloudflare", PORT: "0" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in failure && failure.code).toBe(1);
    expect("stderr" in failure && failure.stderr.trim()).toBe(
      "Invalid configuration: MAIL_TRANSPORT is cloudflare, which sends through a Worker's send_email binding: on the Node server use smtp or http-api",
    );
  });
});
