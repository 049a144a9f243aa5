import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getCACertificates, setDefaultCACertificates } from "node:tls";
import { scan } from "@mdn/mdn-http-observatory";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { gradeAddress } from "../support/observatory.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { startTlsFront, type TlsFront } from "../support/tls-front.ts";

// Issue 29: the security headers as the MDN HTTP Observatory grades them, with its own library
// (@mdn/mdn-http-observatory, installed without its install script: ADR 0049), on the production
// Node server behind a TLS front on loopback. Every kind of response the shop sends: catalogue
// pages, the API, a hashed static file, the service worker, and the error page and API error.

// The HSTS preload list is what the package's install script downloads (hstspreload.org); it is
// not run, and a loopback host is on no preload list: the answer the list would give.
vi.mock("@mdn/mdn-http-observatory/src/analyzer/hsts.js", () => ({
  hsts: () => new Map(),
  isHstsPreloaded: () => null,
}));

// The package's scan() takes a host name only (ports 80 and 443, the path /): here it is given
// the front's ports, so the package's own scan can grade the home page beside gradeAddress.
const front = vi.hoisted(() => ({ ports: {} as { httpPort?: number; httpsPort?: number } }));
vi.mock("@mdn/mdn-http-observatory/src/retriever/retriever.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@mdn/mdn-http-observatory/src/retriever/retriever.js")>();
  return {
    retrieve: (hostname: string, options: object = {}) => actual.retrieve(hostname, { ...front.ports, ...options }),
  };
});

// The app's entry script, as the built shell names it.
const shell = readFileSync(join(projectRoot, "dist/web/index.html"), "utf8");
const staticAsset = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1] ?? "the shell names no script";

const addresses: [string, string, number][] = [
  ["the home page", "/", 200],
  ["the catalogue", "/products", 200],
  ["a product page", "/products/1", 200],
  ["an API read", "/api/products", 200],
  ["the API's health", "/api/health", 200],
  ["a hashed static file", staticAsset, 200],
  ["the service worker", "/sw.js", 200],
  ["the web manifest", "/manifest.webmanifest", 200],
  ["the sitemap", "/sitemap.xml", 200],
  ["robots.txt", "/robots.txt", 200],
  ["a page the app answers (the shell)", "/signin", 200],
  ["a page the app does not have (the not-found page)", "/no-such-page", 404],
  ["a product that does not exist", "/products/999999", 404],
  ["a missing file (the 404 page)", "/assets/old-chunk.js", 404],
  ["an API route that does not exist", "/api/no-such-route", 404],
];

describe("the MDN HTTP Observatory's grade behind a TLS front", () => {
  let tls: TlsFront;
  let server: TestServer;
  const trusted = getCACertificates("default");

  beforeAll(async () => {
    tls = await startTlsFront();
    // The retriever checks the certificate as a browser would: this process trusts the front's
    // certificate, so https counts as verified (an untrusted one fails the redirection rule).
    setDefaultCACertificates([...trusted, tls.certificate]);
    front.ports = { httpPort: tls.httpPort, httpsPort: tls.httpsPort };
    server = await startTestServer({ APP_ENV: "production", PUBLIC_URL: tls.origin });
    tls.setUpstream(server.url);
  });
  afterAll(async () => {
    setDefaultCACertificates(trusted);
    await server?.close();
    await tls?.close();
  });

  it.each(addresses)("%s (%s): a score of at least 100 and no failed rule", async (_, path, status) => {
    const grade = await gradeAddress("localhost", { ...front.ports, path });
    console.info(`Observatory ${path}: ${grade.grade} ${grade.score}, ${grade.testsFailed} failed`);
    expect(grade.statusCode, path).toBe(status);
    expect(grade.failed, `${path}: ${JSON.stringify(grade.results)}`).toEqual([]);
    expect(grade.score, `${path}: ${JSON.stringify(grade.results)}`).toBeGreaterThanOrEqual(100);
  });

  it("grades the home page as the package's own scan() does", async () => {
    const own = await scan("localhost");
    const ours = await gradeAddress("localhost", { ...front.ports, path: "/" });
    expect(own.scan.score).toBe(ours.score);
    expect(own.scan.testsFailed).toBe(0);
    expect(Object.fromEntries(Object.entries(own.tests).map(([name, test]) => [name, test.result]))).toEqual(
      ours.results,
    );
  });
});
