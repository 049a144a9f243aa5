import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { startEmailApiStub } from "../support/email-api-stub.ts";

// Issue 29: no configured secret in the built client, in an error body, or in the server's log
// (ADR 0049). The log is the real server process's stdout and stderr, at LOG_LEVEL=debug, over a
// run that signs up, signs in (rightly and wrongly), reads, writes as the administrator, provokes
// every kind of error the API and the pages give, and sends mail through a provider that fails.

/** The settings that hold secrets (.dev.vars.example): a value of any of them must stay inside. */
const secretNames = ["JWT_SECRET", "ADMIN_PASSWORD", "DATABASE_AUTH_TOKEN", "MAIL_API_KEY", "SMTP_URL"];

/** A setting's secret parts: the value, and for SMTP_URL the password (and user:password) it holds. */
function secretParts(name: string, value: string | undefined): string[] {
  if (!value || value.length < 8) return [];
  if (name !== "SMTP_URL") return [value];
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url?.password) return [value];
  const password = decodeURIComponent(url.password);
  return [value, password, `${url.username}:${url.password}`].filter((part) => part.length >= 8);
}

function secretsOf(settings: Record<string, string | undefined>): string[] {
  return secretNames.flatMap((name) => secretParts(name, settings[name]));
}

const readEnvFile = (name: string) => {
  const path = join(projectRoot, name);
  return existsSync(path) ? (parseEnv(readFileSync(path, "utf8")) as Record<string, string>) : {};
};

// The secrets the test servers run with (tests/support/server.ts), and the published examples.
const knownSecrets = [
  "e2e-test-secret-that-is-long-enough-0123456789",
  "e2e-admin-password",
  "node-server-test-secret-0123456789abcdef",
  "owner-password",
  ...secretsOf(readEnvFile(".dev.vars.example")),
  ...secretsOf(readEnvFile(".dev.vars")),
  ...secretsOf(process.env),
];

/** Each secret found in a text, with a little of what surrounds it. */
function secretsIn(text: string, secrets: string[]): string[] {
  return secrets.flatMap((secret) => {
    const at = text.indexOf(secret);
    return at < 0 ? [] : [`${secret} in "…${text.slice(Math.max(0, at - 60), at + secret.length + 60)}…"`];
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("no configured secret leaves the server", () => {
  it("the built client holds none (every file of dist/web)", () => {
    const files = filesUnder(join(projectRoot, "dist/web"));
    expect(files.length).toBeGreaterThan(20);
    // latin1 keeps every byte: a secret inside a binary file is still found.
    const found = files.flatMap((file) =>
      secretsIn(readFileSync(file, "latin1"), knownSecrets).map((hit) => `${file}: ${hit}`),
    );
    expect(found).toEqual([]);
  });

  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ["smtp", "an SMTP server that refuses the connection"],
    ["http-api", "an e-mail API that refuses the key"],
  ])("nor an answer or a log line of a full run (MAIL_TRANSPORT=%s, %s)", async (transport) => {
    const stub = await startEmailApiStub();
    stub.answer({ status: 401, body: JSON.stringify({ name: "validation_error", message: "API key is invalid" }) });
    const dir = mkdtempSync(join(tmpdir(), "shop-secrets-"));
    dirs.push(dir);
    const settings: Record<string, string> = {
      APP_ENV: "test",
      DATABASE_URL: `file:${join(dir, "app.db")}`,
      DATABASE_AUTH_TOKEN: "planted-database-token-5f0c1e2d3b4a",
      JWT_SECRET: "planted-jwt-secret-9d8c7b6a5f4e3d2c1b0a99887766",
      ADMIN_EMAIL: "owner@secrets.test",
      ADMIN_PASSWORD: "planted-admin-password-7e6d5c",
      MAIL_TRANSPORT: transport,
      MAIL_FROM: "Shop <shop@secrets.test>",
      SMTP_URL: `smtp://shop:planted-smtp-password-4c3b2a@127.0.0.1:${await closedPort()}`,
      MAIL_API_URL: stub.origin,
      MAIL_API_KEY: "re_planted_mail_api_key_1a2b3c4d5e",
      LOG_LEVEL: "debug",
      PORT: "0",
    };
    const secrets = [...secretsOf(settings), ...knownSecrets];
    const server = await startServerProcess(settings);
    const answers: string[] = [];
    try {
      await fullRun(server.url, settings, answers);
      // The provider's refusal is in the log before the run's log is read.
      await waitFor(() => /email send failed/.test(server.log()), "the failed e-mail in the log");
    } finally {
      await server.stop();
      await stub.close();
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.some((answer) => answer.startsWith("401 "))).toBe(true);
    expect(answers.some((answer) => answer.startsWith("404 "))).toBe(true);
    expect(answers.some((answer) => answer.startsWith("400 "))).toBe(true);
    expect(secretsIn(answers.join("\n"), secrets)).toEqual([]);
    const log = server.log();
    expect(log).toMatch(/"level":"debug"|"level":"info"/);
    expect(log).toMatch(/"level":"warn".*email send failed/);
    expect(secretsIn(log, secrets)).toEqual([]);
  });
});

/**
 * A visit of the shop as the e2e tests make it, through the API the app uses: each answer's status,
 * headers and body are kept in `answers`.
 */
async function fullRun(origin: string, settings: Record<string, string>, answers: string[]): Promise<void> {
  const ask = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${origin}${path}`, { redirect: "manual", ...init });
    const body = await response.text();
    answers.push(`${response.status} ${init.method ?? "GET"} ${path} ${JSON.stringify([...response.headers])} ${body}`);
    return { status: response.status, body };
  };
  const json = (method: string, body: unknown, token?: string): RequestInit => ({
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

  for (const path of ["/", "/products", "/products/1", "/sw.js", "/manifest.webmanifest", "/api/health"])
    await ask(path);
  await ask("/api/products");
  await ask("/api/categories");
  const survey = await ask("/api/survey/questions");
  const questions = (JSON.parse(survey.body) as { questions: { id: number; options: string[] }[] }).questions;

  // A member signs up: the confirmation e-mail goes to the provider, which refuses it.
  await ask(
    "/api/auth/signup",
    json("POST", {
      first_name: "Ayşe",
      last_name: "Yılmaz",
      email: "ayse@secrets.test",
      password: "a-member-password-1234",
      survey_responses: Object.fromEntries(questions.map((q) => [String(q.id), q.options[0]])),
    }),
  );
  await ask("/api/auth/signup", json("POST", { email: "not-an-address" }));
  await ask("/api/auth/signup", json("POST", "{not json"));

  // Sign-ins: the unconfirmed member, a wrong password, the administrator.
  await ask(
    "/api/auth/token?grant_type=password",
    json("POST", { email: "ayse@secrets.test", password: "a-member-password-1234" }),
  );
  await ask("/api/auth/token?grant_type=password", json("POST", { email: settings.ADMIN_EMAIL, password: "wrong" }));
  await ask("/api/auth/token?grant_type=refresh_token", json("POST", { refresh_token: "forged" }));
  await ask("/api/auth/token?grant_type=nonsense", json("POST", {}));
  const signIn = await ask(
    "/api/admin/login",
    json("POST", { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD }),
  );
  const token = (JSON.parse(signIn.body) as { access_token?: string }).access_token;
  expect(token, signIn.body).toBeTruthy();

  // The administrator reads and writes; forged and expired-looking tokens are refused.
  await ask("/api/admin/users", { headers: { Authorization: `Bearer ${token}` } });
  await ask("/api/admin/settings", { headers: { Authorization: `Bearer ${token}` } });
  await ask("/api/admin/categories", json("POST", { name: "Gizli olmayan" }, token));
  await ask("/api/admin/categories", json("POST", { name: "" }, token));
  await ask("/api/admin/products/999999", json("PUT", { name: "x" }, token));
  const [head, , signature] = (token ?? "..").split(".");
  const forged = `${head}.${Buffer.from(JSON.stringify({ sub: "1", role: "admin", exp: 9_999_999_999 })).toString("base64url")}.${signature}`;
  for (const bad of [forged, "not.a.token", "garbage"])
    await ask("/api/admin/users", { headers: { Authorization: `Bearer ${bad}` } });
  await ask("/api/user/profile");

  // Errors: a route that does not exist, a wrong method, bad input, a missing file, a bad path.
  await ask("/api/no-such-route");
  await ask("/api/products", { method: "DELETE" });
  await ask("/api/products?limit=-1&sort=nonsense");
  await ask("/api/products/not-a-number");
  await ask("/assets/old-chunk.js");
  await ask("/products/999999");
  await ask("/%E0%A4%A");
  await ask("/api/auth/recover", json("POST", { email: "ayse@secrets.test" }));
  await ask("/api/auth/verify", json("POST", { token: "forged" }));
  await ask("/api/auth/logout", { method: "POST" });
}

type ServerProcess = { url: string; log(): string; stop(): Promise<void> };

/** `node worker/entries/node.ts` as `npm start` runs it, its stdout and stderr kept as its log. */
async function startServerProcess(settings: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["worker/entries/node.ts"], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  await waitFor(() => /running at (http:\/\/\S+)/.test(output) || child.exitCode !== null, "the server to listen");
  const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`The server did not start:\n${output}`);
  return {
    url,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

async function waitFor(done: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A loopback port nothing listens on: an SMTP server that refuses the connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as { port: number };
  await new Promise<void>((closed) => server.close(() => closed()));
  return port;
}
