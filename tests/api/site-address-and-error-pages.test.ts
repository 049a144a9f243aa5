import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { type NodeServer, startNodeServer } from "../../worker/entries/node.ts";
import { signupBody } from "../support/factories.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import { nodeServerSettings } from "../support/server.ts";

// The Node server on a real socket, as `npm start` runs it without PUBLIC_URL (APP_ENV=test
// behaves as development here, without reading a developer's .dev.vars): what an attacker can
// send that no browser sends, a forged Host, a backslash in the path, oversized headers.

const settings = nodeServerSettings();
let server: NodeServer;
let port: number;

beforeAll(async () => {
  server = await startNodeServer({ ...settings, PORT: "0" }, { port: 0 });
  port = Number(new URL(server.url).port);
}, 60_000);
afterAll(() => server?.close());

/** A request with headers `fetch` will not send (a Host of the client's choosing). */
function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Headers; body: string }>((done, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: init.method ?? "GET", headers: init.headers });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === "string") headers.set(name, value);
        done({ status: res.statusCode ?? 0, headers, body });
      });
    });
    req.on("error", fail);
    req.end(init.body);
  });
}

/** Bytes as written, for requests Node's own client refuses to send (a backslash in the path). */
function sendRaw(requestText: string) {
  return new Promise<{ status: number; headers: Headers; body: string }>((done, fail) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(requestText));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", fail);
    socket.on("close", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Headers();
      for (const line of lines) {
        const at = line.indexOf(":");
        headers.append(line.slice(0, at), line.slice(at + 1).trim());
      }
      done({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

const forgedHost = { Host: "evil.example:1" };

describe("the shop's address is its own, never the request's Host", () => {
  it.each(["/", "/products", "/products/1", "/products?category=1"])(
    "keeps a forged Host out of %s, and out of the render kept for every later visitor",
    async (path) => {
      const forged = await send(path, { headers: forgedHost });
      expect(forged.status).toBe(200);
      expect(forged.body).not.toContain("evil.example");
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(forged.body)?.[1];
      // The category stays in it: it chooses what the page shows (ADR 0054).
      expect(canonical).toBe(`${server.url}${path}`);
      // The next visitor is served the page rendered for the forged request.
      const next = await send(path, { headers: { Host: `localhost:${port}` } });
      expect(next.body).not.toContain("evil.example");
      expect(next.body).toContain(`${server.url}${path}`);
    },
  );

  it("keeps a forged Host out of the links in e-mails (verification and password reset)", async () => {
    const signup = await send("/api/auth/signup", {
      method: "POST",
      headers: { ...forgedHost, "Content-Type": "application/json" },
      body: JSON.stringify(signupBody(seedSurveyQuestions, { email: "host-test@example.com" })),
    });
    expect(signup.status).toBe(202);
    const recover = await send("/api/auth/recover", {
      method: "POST",
      headers: { ...forgedHost, "Content-Type": "application/json" },
      body: JSON.stringify({ email: settings.ADMIN_EMAIL }),
    });
    expect(recover.status).toBe(202);

    const client = createClient({ url: settings.DATABASE_URL });
    try {
      const { rows } = await client.execute("select kind, text, html from email_outbox order by id");
      expect(rows.map((row) => row.kind)).toEqual(expect.arrayContaining(["verify_email", "reset_password"]));
      for (const row of rows) {
        const links = `${row.text} ${row.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
        expect(links.length, String(row.kind)).toBeGreaterThan(0);
        expect(`${row.text}${row.html}`).not.toContain("evil.example");
        for (const link of links) expect(link.startsWith(`${server.url}/`), link).toBe(true);
      }
    } finally {
      client.close();
    }
  });
});

describe("every answer is a page with the security headers, whatever was sent", () => {
  it("answers a backslash in the path with a 400 page, not an empty body", async () => {
    const res = await sendRaw(`GET /\\evil.com/ HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expectSecurityHeaders(res.headers, "/\\evil.com/");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.body).toContain("Back to the shop");
  });

  it("answers headers over 16 KB with a 431 page, not Node's bare status line", async () => {
    const big = "a".repeat(17 * 1024);
    const res = await sendRaw(`GET / HTTP/1.1\r\nHost: localhost:${port}\r\nX-Big: ${big}\r\n\r\n`);
    expect(res.status).toBe(431);
    expectSecurityHeaders(res.headers, "431");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.body).toContain("The request&#39;s headers are too large.");
  });

  it.each([
    ["POST", "/products", 404],
    ["PUT", "/", 404],
    ["GET", "/assets/index-0ld0ld00.js", 404],
  ])("answers %s %s outside /api with a %i page", async (method, path, status) => {
    const res = await send(path, { method });
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers, `${method} ${path}`);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toContain('<a href="/">Back to the shop</a>');
  });

  it('answers an error at a /tr address with a Turkish page (lang="tr", the way back to /tr)', async () => {
    const res = await send("/tr/products", { method: "POST" });
    expect(res.status).toBe(404);
    expectSecurityHeaders(res.headers, "POST /tr/products");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="tr">');
    expect(res.body).toContain("<title>Sayfa bulunamadı — Doğal Yaşam</title>");
    expect(res.body).toContain("<p>Bulunamadı.</p>");
    expect(res.body).toContain('<a href="/tr">Mağazaya dön</a>');
    // The English address's page stays as it was.
    const en = await send("/products", { method: "POST" });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain("<title>Page not found — Doğal Yaşam</title>");
    expect(en.body).toContain("<p>Not found.</p>");
  });

  it("keeps API errors JSON", async () => {
    const res = await send("/api/nope", { method: "POST" });
    expect(res.status).toBe(404);
    expectSecurityHeaders(res.headers, "/api/nope");
    expect(JSON.parse(res.body)).toMatchObject({ code: "not_found" });
  });

  it("repeats at most 100 characters of an unknown API path", async () => {
    const res = await send(`/api/${"x".repeat(10_000)}`);
    expect(res.status).toBe(404);
    const { detail } = JSON.parse(res.body) as { detail: string };
    expect(detail.startsWith("No API route matches GET /api/xxx")).toBe(true);
    expect(detail.length).toBeLessThan(130);
  });

  it.each([
    ["//evil.example/", "/evil.example"],
    ["/%5Cevil.example/", "/%5Cevil.example"],
    ["/products/?category=2", "/products?category=2"],
  ])("redirects %s to %s on this site, never to another", async (path, location) => {
    const res = await send(path, { headers: forgedHost });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(location);
    expectSecurityHeaders(res.headers, path);
  });
});
