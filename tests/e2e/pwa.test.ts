import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, onTestFinished, test } from "vitest";
import type { Product } from "../../worker/contract/catalogue.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { contentSecurityPolicy } from "../../worker/lib/security-headers.ts";
import {
  chromePath,
  chromiumFlags,
  expectAccessible,
  failOnPageErrors,
  loadAllImages,
  offlineRequest,
  openApp,
  screenshot,
} from "../support/browser.ts";
import { getJson, startTestServer, type TestServer } from "../support/server.ts";
import { openShopPage, setUpShop } from "../support/shop-in-browser.ts";

// The installable, offline-capable shop (docs/architecture.md §7, ADR 0018): the manifest and its icons,
// the service worker's answers online and offline, and the prompt for a new version.

const { shop } = setUpShop();

const webRoot = join(projectRoot, "dist/web");

async function openPage(kind: "desktop" | "phone", server: TestServer = shop.server): Promise<[Page, BrowserContext]> {
  const page = await openShopPage({ ...shop, server }, kind, [offlineRequest]);
  return [page, page.context()];
}

/** Waits until the page's service worker has activated (its first pages stored) and controls it. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23, after the signature and chunk header). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchBytes(server: TestServer, path: string): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(new URL(path, server.url));
  expect(response.status, path).toBe(200);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The URLs the built service worker precaches (workbox's list, written into dist/web/sw.js). */
function precachedUrls(swSource: string): string[] {
  return [...swSource.matchAll(/"url":"([^"]+)"/g)].map((match) => (match[1] as string).replace(/^\//, ""));
}

describe("installable", () => {
  test("Chromium finds nothing against installing the app, and the manifest has every field docs/architecture.md §7 names", async () => {
    // A profile on disk: Chromium does not offer to install from an incognito-like context,
    // which is what a new context of a launched browser is.
    const profile = mkdtempSync(join(tmpdir(), "pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath(),
      args: chromiumFlags,
      baseURL: shop.server.url,
    });
    onTestFinished(async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    failOnPageErrors(page);
    await openApp(page, "/");
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);

    // The server-rendered pages keep the shell's head: the manifest, icons and theme colour.
    for (const path of ["/", "/products", "/products/1", "/about"]) {
      const html = await (await fetch(new URL(path, shop.server.url))).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon-180x180.png">');
      expect(html, path).toContain('<meta name="theme-color" content="#455d3f" />');
    }

    const { response, bytes } = await fetchBytes(shop.server, "/manifest.webmanifest");
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json");
    const manifest = JSON.parse(bytes.toString("utf8"));
    expect(manifest).toMatchObject({
      id: "/",
      name: "Doğal Yaşam — Natural health & wellness",
      short_name: "Doğal Yaşam",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#455d3f",
      background_color: "#fbf8f1",
      lang: "en",
      handle_links: "preferred",
      launch_handler: { client_mode: "navigate-existing" },
    });
    expect(manifest.description.length).toBeGreaterThan(40);

    type Icon = { src: string; sizes: string; type: string; purpose?: string };
    const icons = manifest.icons as Icon[];
    const find = (size: number, purpose: string) =>
      icons.find((icon) => icon.sizes === `${size}x${size}` && (icon.purpose ?? "any").split(" ").includes(purpose));
    for (const [size, purpose] of [
      [192, "any"],
      [512, "any"],
      [512, "maskable"],
    ] as const) {
      const icon = find(size, purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      expect(icon?.type).toBe("image/png");
      const { bytes: png } = await fetchBytes(shop.server, new URL(icon?.src ?? "", `${shop.server.url}/`).pathname);
      expect(pngSize(png)).toEqual({ width: size, height: size });
    }
    const { bytes: appleIcon } = await fetchBytes(shop.server, "/apple-touch-icon-180x180.png");
    expect(pngSize(appleIcon)).toEqual({ width: 180, height: 180 });

    type Screenshot = { src: string; sizes: string; type: string; form_factor: string; label: string };
    const screenshots = manifest.screenshots as Screenshot[];
    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(["narrow", "wide"]);
    for (const shot of screenshots) {
      const { response: image, bytes: jpeg } = await fetchBytes(shop.server, shot.src);
      expect(image.headers.get("Content-Type")).toBe(shot.type);
      const { width, height } = await sharp(jpeg).metadata();
      expect(`${width}x${height}`).toBe(shot.sizes);
      expect(shot.form_factor === "wide" ? width > height : height > width).toBe(true);
      expect(shot.label).not.toBe("");
    }
  });

  test("the service worker script is always revalidated and keeps the security headers, with https pictures allowed to it", async () => {
    const response = await fetch(new URL("/sw.js", shop.server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toBe(contentSecurityPolicy.replace("connect-src 'self'", "connect-src 'self' https:"));
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // The page itself keeps the stricter policy, and allows its service worker.
    const page = await fetch(new URL("/", shop.server.url));
    expect(page.headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy);
    expect(contentSecurityPolicy).toContain("worker-src 'self'");

    // Workers Static Assets gets the same from dist/web/_headers: the site-wide CSP detached first.
    const rules = readFileSync(join(webRoot, "_headers"), "utf8");
    expect(rules).toContain(
      `/sw.js\n  ! Content-Security-Policy\n  Content-Security-Policy: ${csp}\n  Cache-Control: no-cache\n`,
    );
  });

  test("the precache holds the shell and every shopper chunk, and none of the admin's code", () => {
    const precached = new Set(precachedUrls(readFileSync(join(webRoot, "sw.js"), "utf8")));
    expect(precached).toContain("app-shell");
    expect(precached).toContain("manifest.webmanifest");

    const scripts = readdirSync(join(webRoot, "assets")).filter((file) => file.endsWith(".js"));
    const source = (file: string) => readFileSync(join(webRoot, "assets", file), "utf8");
    // Admin code, known by what is in it: Tiptap (ProseMirror), dnd-kit, the admin screens' texts,
    // and the admin route's chunk, which only loads the admin screen.
    const admin = scripts.filter(
      (file) => /ProseMirror|DndDescribedBy|Invalid admin credentials/.test(source(file)) || /^admin-/.test(file),
    );
    expect(admin.some((file) => source(file).includes("ProseMirror"))).toBe(true);
    expect(admin.some((file) => source(file).includes("DndDescribedBy"))).toBe(true);
    for (const file of scripts) {
      expect(precached.has(`assets/${file}`), file).toBe(!admin.includes(file));
    }
  });
});

describe("navigations through the service worker", () => {
  test("online, a catalogue page is the server's own render, fresh from the network", async () => {
    const [page] = await openPage("desktop");
    await openApp(page, "/");
    await waitForServiceWorker(page);

    const response = await page.goto("/products/1");
    expect(response?.fromServiceWorker()).toBe(true);
    const html = (await response?.text()) ?? "";
    expect(html).toContain('<script type="application/json" id="initial-data">');
    expect(html).toBe(await (await fetch(new URL("/products/1", shop.server.url))).text());

    // A change on the server shows on the next navigation: the network is asked first.
    const product = await getJson<Product>(shop.server, "/api/products/1");
    const renamed = `${product.name} (renamed)`;
    const db = createClient({ url: shop.server.databaseUrl });
    onTestFinished(async () => {
      await db.execute({ sql: "UPDATE products SET name = ? WHERE id = 1", args: [product.name] });
      db.close();
    });
    await db.execute({ sql: "UPDATE products SET name = ? WHERE id = 1", args: [renamed] });
    const again = await page.goto("/products/1");
    expect(again?.fromServiceWorker()).toBe(true);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(renamed);
  });

  test("offline, a visited catalogue page comes back as the server rendered it, with its security headers; any other page gets the shell; /api fails", async () => {
    const [page, context] = await openPage("phone");
    const product = await getJson<Product>(shop.server, "/api/products/2");
    // The page that installs the service worker is stored when it activates; the next through it.
    await openApp(page, `/products/${product.id}`);
    await waitForServiceWorker(page);
    await openApp(page, "/");
    // What the shopper saw online, pictures too (lazy ones included), is what they get offline.
    await loadAllImages(page);

    await context.setOffline(true);
    // Changed on the server meanwhile: what comes back below is the kept copy, not the network's.
    const db = createClient({ url: shop.server.databaseUrl });
    onTestFinished(async () => {
      await db.execute({ sql: "UPDATE products SET name = ? WHERE id = ?", args: [product.name, product.id] });
      db.close();
    });
    await db.execute({ sql: "UPDATE products SET name = ? WHERE id = ?", args: [`${product.name} (new)`, product.id] });

    const home = await page.reload();
    expect(home?.status()).toBe(200);
    expect(home?.fromServiceWorker()).toBe(true);
    expect(await home?.text()).toContain('<script type="application/json" id="initial-data">');

    const cached = await page.goto(`/products/${product.id}`);
    expect(cached?.status()).toBe(200);
    expect(cached?.fromServiceWorker()).toBe(true);
    expect(cached?.headers()["content-security-policy"]).toBe(contentSecurityPolicy);
    expect(await cached?.text()).toContain('<script type="application/json" id="initial-data">');
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(product.name);

    // Never visited: the precached shell, which the app renders in the browser.
    const shell = await page.goto("/about");
    expect(shell?.status()).toBe(200);
    expect(shell?.fromServiceWorker()).toBe(true);
    expect(shell?.headers()["content-security-policy"]).toBe(contentSecurityPolicy);
    const shellHtml = (await shell?.text()) ?? "";
    expect(shellHtml).toContain('<div id="root"></div>');
    expect(shellHtml).not.toContain('id="initial-data"');
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);

    // The API is never answered with a page: offline its requests fail as the network does.
    const apiCall = await page.evaluate(() =>
      fetch("/api/products").then(
        (r) => `answered ${r.status} ${r.headers.get("Content-Type")}`,
        (error: Error) => `failed: ${error.name}`,
      ),
    );
    expect(apiCall).toBe("failed: TypeError");
    await expect(page.goto("/api/health")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  });
});

describe("a new version", () => {
  test.each(["desktop", "phone"] as const)(
    "is offered with a Reload button that waits for the shopper, and runs once pressed (%s)",
    async (kind) => {
      // A deploy of its own: a copy of the build that this test changes under the running server.
      const deployed = mkdtempSync(join(tmpdir(), "pwa-deploy-"));
      onTestFinished(() => rmSync(deployed, { recursive: true, force: true }));
      cpSync(webRoot, deployed, { recursive: true });
      const server = await startTestServer({}, { webRoot: deployed });
      onTestFinished(() => server.close());

      const [page] = await openPage(kind, server);
      await openApp(page, "/signin");
      await waitForServiceWorker(page);
      const email = page.getByRole("textbox", { name: "Email" });
      await email.fill("half-typed@example");
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });

      // The next version: its service worker answers one address the current one does not know.
      appendFileSync(
        join(deployed, "sw.js"),
        `\nself.addEventListener("fetch", (event) => { if (new URL(event.request.url).pathname === "/version") event.respondWith(new Response("next")); });\n`,
      );
      // The shopper comes back to the tab: the app looks for a new version.
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

      const prompt = page.getByRole("status").filter({ hasText: "A new version is available" });
      await prompt.waitFor();
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
      // Nothing happens until the shopper says so: same page, the field as typed.
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await expect.poll(() => email.inputValue()).toBe("half-typed@example");

      await expectAccessible(page);
      await screenshot(page, `update-prompt-${kind}`, { fullPage: false });

      await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
      expect(await page.evaluate(() => fetch("/version").then((r) => r.text()))).toBe("next");
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting)).toBeNull();
      await expect.poll(() => page.getByText("A new version is available").count()).toBe(0);
    },
  );
});
