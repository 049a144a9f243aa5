import { afterAll, beforeAll, expect, it } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { type NodeServer, startNodeServer } from "../../worker/entries/node.ts";
import { signupBody } from "../support/factories.ts";
import { nodeServerSettings } from "../support/server.ts";
import { holdWriteLock } from "../support/write-lock.ts";

// The Node server's embedded database is a file other connections also write: its own
// transactions (each on a connection of its own), the e-mail pass, a CLI such as `npm run
// db:seed`. A write that finds the file locked for a moment waits for it, as Turso's streams do,
// rather than answering 500.

const settings = nodeServerSettings({ SIGNUP_LIMIT_PER_HOUR: "1000" });
let server: NodeServer;
beforeAll(async () => {
  server = await startNodeServer({ ...settings, PORT: "0" }, { port: 0 });
}, 60_000);
afterAll(() => server?.close());

const signUp = () =>
  fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(signupBody(seedSurveyQuestions)),
  });

it("waits for another process's write lock instead of failing, and recovers", async () => {
  // Another process (a CLI, the local Turso endpoint of `npm run dev:worker`) holds the write
  // lock for 300 ms while three sign-ups arrive.
  const lock = await holdWriteLock(settings.DATABASE_URL, { forMs: 300 });
  const statuses = (await Promise.all([signUp(), signUp(), signUp()])).map((res) => res.status);
  await lock.release();
  expect(statuses).toEqual([202, 202, 202]);
  expect((await signUp()).status).toBe(202);
});

it("keeps answering concurrent sign-ups, each of which writes in a transaction of its own", async () => {
  const statuses = (await Promise.all(Array.from({ length: 12 }, signUp))).map((res) => res.status);
  expect(statuses).toEqual(Array(12).fill(202));
  // And the server is still healthy afterwards (no connection left mid-statement).
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  expect((await signUp()).status).toBe(202);
});
