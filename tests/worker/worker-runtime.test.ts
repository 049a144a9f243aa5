import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCategories, seedProducts } from "../../drizzle/seed/catalogue.ts";
import { maxBodyBytes } from "../../worker/app.ts";
import { publishedExampleValues } from "../../worker/config/config.ts";
import { sharePreviewsPath, sharePreviewsSchema } from "../../worker/contract/share-previews.ts";
import { emailOutbox } from "../../worker/db/schema.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { contentSecurityPolicy } from "../../worker/lib/security-headers.ts";
import { type HranaServer, startHranaServer } from "../dev-tools/hrana-server.ts";
import { oddPathMismatches } from "../support/odd-paths.ts";
import { rawJsonPost } from "../support/raw-json-post.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import {
  startWorker,
  startWorkerShop,
  type TestDatabase,
  testSettings,
  type WorkerShop,
  workerScript,
} from "./harness.ts";

// The built Worker bundle under workerd, its @libsql/client/web talking HTTP to a local
// Hrana endpoint over a migrated and seeded database file.

const authToken = "test-database-token";

let shop: WorkerShop;
let database: TestDatabase;
let hrana: HranaServer;
let worker: Miniflare;

beforeAll(async () => {
  // The token proves the Worker passes DATABASE_AUTH_TOKEN on, as Turso requires.
  shop = await startWorkerShop({ authToken });
  ({ database, hrana, worker } = shop);
});

afterAll(() => shop?.stop());

const get = (path: string, init?: RequestInit) => worker.dispatchFetch(`http://shop.test${path}`, init as never);

describe("the Worker bundle under workerd", () => {
  it("is bundled with web APIs only: no Node built-ins but AsyncLocalStorage, no native libSQL", () => {
    const bundle = readFileSync(workerScript, "utf8");
    // node:async_hooks is the one exception (ADR 0079): the server render's request locale, which
    // workerd provides at our compatibility date without a flag (tests/worker/turkish-pages).
    expect(bundle).not.toMatch(/\bfrom\s*["']node:(?!async_hooks["'])|\brequire\(["'](node:|fs|libsql)/);
    expect(bundle).not.toMatch(/@libsql\/(linux|darwin|win32)-|@neon-rs\/load/);
    // Nor nodemailer: the SMTP transport is the Node server's alone (biome.json keeps it so).
    expect(bundle).not.toMatch(/greetingTimeout|SMTPConnection/);
  });

  it("reports itself and its database healthy, over HTTP to the database", async () => {
    const res = await get("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
    // @libsql/client/web closed the stream it opened (the request the turso CLI rejects).
    expect(hrana.openStreamCount()).toBe(0);
  });

  it("serves the seeded catalogue from the database", async () => {
    const res = await get("/api/categories");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { id: number; name: string; description: string }[];
    expect(body.map(({ id, name, description }) => ({ id, name, description }))).toEqual(seedCategories);
  });

  it("answers an unknown API path with a JSON 404, never the app shell", async () => {
    const res = await get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      detail: "No API route matches GET /api/nope.",
      code: "not_found",
    });
  });

  it("refuses a request body over the limit with a JSON 413", async () => {
    // Its own Worker: workerd answers 413 without reading the rest of the body and closes the
    // connection, which the shared client would otherwise try to reuse for the next test.
    const own = await startWorker({ ...testSettings, DATABASE_URL: hrana.url });
    try {
      const res = await own.dispatchFetch(
        "http://shop.test/api/auth/signup",
        rawJsonPost(JSON.stringify({ padding: "x".repeat(maxBodyBytes) })),
      );
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        detail: "The request body is too large.",
        code: "payload_too_large",
      });
    } finally {
      await own.dispose();
    }
  });

  it("answers malformed JSON with a 400 malformed_json", async () => {
    const res = await get("/api/auth/signup", rawJsonPost("{bad json"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: "The request body is not valid JSON.",
      code: "malformed_json",
    });
  });

  it("puts the security headers on API responses and on pages", async () => {
    // The API and the pages rendered on the server run the Worker first; "/signin", no file,
    // reaches the Worker through Workers Static Assets, which answers it with the shell.
    for (const path of ["/api/health", "/products/1", "/", "/about", "/signin"]) {
      const res = await get(path);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res.headers, path);
    }
  });

  it("renders the catalogue pages on the server, from the database", async () => {
    const home = await (await get("/")).text();
    // The app's landmarks are in the root before any script runs, with the seeded products.
    const root = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(home)?.[1] ?? "";
    expect(root).toMatch(/<header[\s>]/);
    expect(root).toMatch(/<main[\s>]/);
    expect(root).toContain("Ihlamur Çayı");
    const product = await get("/products/1");
    expect(product.status).toBe(200);
    expect(await product.text()).toMatch(/<h1[^>]*>Ihlamur Çayı<\/h1>/);
    const missing = await get("/products/999999");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Product not found");
  });

  it("previews a shared product link with the build's PNG, served from the static assets", async () => {
    const previews = sharePreviewsSchema.parse(
      JSON.parse(readFileSync(join(projectRoot, "dist/web", sharePreviewsPath), "utf8")),
    );
    const seeded = seedProducts[0] as (typeof seedProducts)[number];
    const { document } = new JSDOM(await (await get(`/products/${seeded.id}`)).text()).window;
    const meta = (key: string) =>
      document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
    // The shop's address in these tests is PUBLIC_URL, http://shop.test (harness.ts).
    const image = `http://shop.test${previews.images[seeded.images[0] as string]}`;
    expect(meta("og:image")).toBe(image);
    expect(meta("og:image:type")).toBe("image/png");
    expect(meta("og:image:width")).toBe("1200");
    expect(meta("og:image:height")).toBe("630");
    expect(meta("og:image:alt")).toBe(seeded.name);
    expect(meta("og:description")).toBe(seeded.short_description);
    expect(meta("twitter:card")).toBe("summary_large_image");
    expect(meta("twitter:image")).toBe(image);
    expect(meta("twitter:image:alt")).toBe(seeded.name);
    expect(meta("twitter:description")).toBe(seeded.short_description);
    // Workers Static Assets answers the image itself, with the _headers the web build writes.
    const res = await get(new URL(image).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(res.headers, image);
    const png = new DataView(await res.arrayBuffer());
    expect([png.getUint32(16), png.getUint32(20)]).toEqual([1200, 630]); // IHDR width, height
  });

  it("serves the app shell for app routes (SPA fallback), through the Worker for /products/*", async () => {
    for (const path of ["/products/1", "/about", "/profile"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toMatch(/<div id="root">/);
    }
  });

  it("serves what the service worker needs (ADR 0018): the plain shell at /app-shell, /sw.js with its own headers", async () => {
    // Why the precache fetches the shell from /app-shell: /index.html is redirected to the
    // server-rendered home page.
    const indexHtml = await get("/index.html", { redirect: "manual" });
    await indexHtml.arrayBuffer();
    expect(indexHtml.status).toBe(307);
    expect(new URL(indexHtml.headers.get("location") ?? "", "http://shop.test").pathname).toBe("/");

    const shell = await get("/app-shell");
    expect(shell.status).toBe(200);
    expectSecurityHeaders(shell.headers, "/app-shell");
    const html = await shell.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="initial-data"');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');

    const sw = await get("/sw.js");
    await sw.arrayBuffer();
    expect(sw.status).toBe(200);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    expect(sw.headers.get("content-security-policy")).toBe(
      contentSecurityPolicy.replace("connect-src 'self'", "connect-src 'self' https:"),
    );
    expect(sw.headers.get("x-content-type-options")).toBe("nosniff");

    const manifest = await get("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(((await manifest.json()) as { start_url: string }).start_url).toBe("/");
  });

  it("answers odd paths as the Node server does: no 5xx, redirects, a 404 for a missing file", async () => {
    const fetchPath = (path: string, init: RequestInit) =>
      worker.dispatchFetch(`http://shop.test${path}`, init as never);
    expect(await oddPathMismatches(fetchPath)).toEqual([]);
  });

  it("dispatches the e-mail outbox on the cron trigger", async () => {
    const [queued] = await database.db
      .insert(emailOutbox)
      .values({
        kind: "verify_email",
        to: "someone@example.com",
        subject: "Verify your e-mail",
        text: "Open the link to verify.",
        sendAfter: new Date(Date.now() - 1000),
      })
      .returning();
    expect(queued?.sentAt).toBeNull();

    const result = await (await worker.getWorker()).scheduled({ cron: "*/5 * * * *" });
    expect(result.outcome).toBe("ok");

    const [after] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, queued?.id ?? -1));
    expect(after?.sentAt).toBeInstanceOf(Date);
    expect(after?.attempts).toBe(1);
    expect(after?.lastError).toBeNull();
  });
});

describe("the Worker when something is wrong", () => {
  it("answers 503 from /api/health when the database cannot be reached", async () => {
    const gone = await startHranaServer({ file: database.file });
    const url = gone.url;
    await gone.close();
    const logs: string[] = [];
    const broken = await startWorker(
      { ...testSettings, DATABASE_URL: url },
      { onLog: (log) => logs.push(log.message) },
    );
    try {
      const res = await broken.dispatchFetch("http://shop.test/api/health");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        detail: "The database is not reachable right now.",
        code: "database_unavailable",
      });
      expect(logs.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(
        "health check: database unreachable",
      );
    } finally {
      await broken.dispose();
    }
  });

  it.each([
    ["without JWT_SECRET", { JWT_SECRET: "" }, "Invalid configuration: JWT_SECRET is required"],
    [
      "with the published example JWT_SECRET in production",
      { JWT_SECRET: publishedExampleValues.JWT_SECRET },
      "Invalid configuration: JWT_SECRET is the published example from .dev.vars.example: set a value of your own in production",
    ],
    [
      "with a common administrator's password in production",
      { ADMIN_PASSWORD: "123456" },
      "Invalid configuration: ADMIN_PASSWORD is too easy to guess: in production use at least 12 characters, and none of the most common passwords",
    ],
    [
      "without PUBLIC_URL, even outside production (links would follow the request's Host)",
      { APP_ENV: "development", PUBLIC_URL: "" },
      "Invalid configuration: PUBLIC_URL is required on Workers, which cannot know their own address",
    ],
    [
      "with the development mailbox in production",
      { MAIL_TRANSPORT: "dev-mailbox" },
      "Invalid configuration: MAIL_TRANSPORT is dev-mailbox, which delivers nothing: set a transport that sends e-mail, or leave it unset to keep messages in the outbox",
    ],
    [
      "with SMTP, which a Worker cannot use",
      {
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: "smtp://shop:secret@smtp.example.com:587",
        MAIL_FROM: "no-reply@shop.example",
      },
      "Invalid configuration: MAIL_TRANSPORT is smtp, which only the Node server can use: on Workers use http-api or cloudflare",
    ],
    [
      "with Cloudflare's transport but no send_email binding",
      { MAIL_TRANSPORT: "cloudflare", MAIL_FROM: "no-reply@shop.example" },
      "Invalid configuration: MAIL_TRANSPORT is cloudflare, but the Worker has no send_email binding named EMAIL (wrangler.toml [[send_email]])",
    ],
  ])(
    "refuses to serve %s: a clean 500 on every request and one log line naming the variable",
    async (_, bad, reason) => {
      const logs: string[] = [];
      const production = { APP_ENV: "production", PUBLIC_URL: "https://shop.example" };
      const settings = { ...testSettings, ...production, DATABASE_URL: hrana.url, ...bad };
      const misconfigured = await startWorker(settings, { onLog: (log) => logs.push(log.message) });
      try {
        for (const path of ["/api/health", "/api/categories"]) {
          const res = await misconfigured.dispatchFetch(`http://shop.test${path}`);
          expect(res.status, path).toBe(500);
          expectSecurityHeaders(res.headers, path);
          expect(await res.json()).toEqual({
            detail: "The server is misconfigured. Please try again later.",
            code: "misconfigured",
          });
        }
        // Outside /api a person is reading: a page that says so.
        const page = await misconfigured.dispatchFetch("http://shop.test/products");
        expect(page.status).toBe(500);
        expectSecurityHeaders(page.headers, "/products");
        expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
        expect(await page.text()).toContain("The server is misconfigured. Please try again later.");
        // The cron trigger does not throw either; it has nothing it could safely do.
        expect((await (await misconfigured.getWorker()).scheduled({ cron: "*/5 * * * *" })).outcome).toBe("ok");
        const said = logs.filter((line) => line.includes('"msg":"misconfigured"'));
        expect(said.map((line) => (JSON.parse(line) as { reason: string }).reason)).toEqual([reason]);
      } finally {
        await misconfigured.dispose();
      }
    },
  );
});
