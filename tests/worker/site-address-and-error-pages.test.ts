import { describe, expect, it } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { signupBody } from "../support/factories.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import { setUpWorkerShop } from "./harness.ts";

// The built Worker under workerd: the shop's address is PUBLIC_URL (http://shop.test here),
// whatever Host a request names, and errors outside /api are pages.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.7" });
const forged = (path: string, init?: RequestInit) =>
  shop.worker.dispatchFetch(`http://evil.example:8080${path}`, init as never);

describe("the shop's address is PUBLIC_URL, never the request's Host", () => {
  it.each(["/", "/products", "/products/1"])("keeps a forged Host out of %s and its kept render", async (path) => {
    const first = await forged(path);
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(body).not.toContain("evil.example");
    expect(/<link rel="canonical" href="([^"]+)"/.exec(body)?.[1]).toBe(`http://shop.test${path}`);
    expect(await (await shop.request("GET", path)).text()).not.toContain("evil.example");
  });

  it("keeps a forged Host out of the links in e-mails", async () => {
    const signup = await forged("/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.7" },
      body: JSON.stringify(signupBody(seedSurveyQuestions, { email: "worker-host@example.com" })),
    });
    expect(signup.status).toBe(202);
    const { rows } = await shop.database.client.execute(
      "select text, html from email_outbox where kind = 'verify_email' and \"to\" = 'worker-host@example.com'",
    );
    expect(rows).toHaveLength(1);
    const content = `${rows[0]?.text} ${rows[0]?.html}`;
    expect(content).not.toContain("evil.example");
    expect(content).toContain("http://shop.test/api/auth/verify?token=");
  });
});

describe("errors outside /api are pages with the security headers", () => {
  it.each([
    ["POST", "/products"],
    ["PUT", "/"],
  ])("answers %s %s with a 404 page", async (method, path) => {
    const res = await shop.request(method, path);
    expect(res.status).toBe(404);
    expectSecurityHeaders(res.headers, `${method} ${path}`);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<a href="/">Back to the shop</a>');
  });

  it("answers an error at a /tr address with a Turkish page", async () => {
    const res = await shop.request("POST", "/tr/products");
    expect(res.status).toBe(404);
    expectSecurityHeaders(res.headers, "POST /tr/products");
    const body = await res.text();
    expect(body).toContain('<html lang="tr">');
    expect(body).toContain("<title>Sayfa bulunamadı — Doğal Yaşam</title>");
    expect(body).toContain("<p>Bulunamadı.</p>");
    expect(body).toContain('<a href="/tr">Mağazaya dön</a>');
  });

  it.each([
    ["/\\evil.example/", "/evil.example"],
    ["//evil.example/", "/evil.example"],
    ["/%5Cevil.example/", "/%5Cevil.example"],
  ])("redirects %s to %s on this site, never to another", async (path, location) => {
    const res = await shop.request("GET", path);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(location);
    expectSecurityHeaders(res.headers, path);
  });
});
