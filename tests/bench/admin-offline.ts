/**
 * Section 8: the administrator offline (issue 28). One production server (10 members, 100
 * products), Chromium with a desktop window and its service worker. `--runs` rounds, each in a
 * fresh browser context (an empty outbox): sign in, wait for the service worker and for the
 * admin's code to be kept (the `admin-code` cache holds the rich-text editor's chunk), then
 *
 * - online, the baseline: every one of the 100 products renamed through Product Management (Edit,
 *   Name, Update Product) until "Product updated successfully!": the 100 edits' whole time, and
 *   per save the time from the Update click to that message;
 * - offline (`context.setOffline(true)`): the same 100 edits, each ending with "Saved on this
 *   device…", the header then reading "100 changes waiting to sync"; back online, the time from
 *   `setOffline(false)` to the header's "All changes saved" (role=status), split at the first
 *   request the replay sends (before it: the back-off the queue built up while offline).
 *
 * Sanity, printed: each phase adds exactly 100 idempotency records on the server and leaves the
 * server with the 100 new names. Then the dashboard: navigation to usable (as in admin.ts: the
 * Users tab's first card and html[data-app=ready], the page's own clock), online and offline
 * alternately after a first online visit, max(9, runs) times each way after a warm-up (median,
 * p90). Last, the JavaScript a shopper's phone fetches for `/` (page and its workers), and whether
 * any of it is the outbox's code. Figures only; no targets.
 *
 * First visits (issue 38): max(9, runs) fresh contexts whose first visit is /admin itself, signed
 * in at once (no waiting for the service worker): the time from the dashboard's heading to
 * "offline-ready", when the service worker keeps every file the precache leaves out (the admin's
 * code, read from dist/web), polled every 50 ms, and to the editor's chunk being kept; "–" when
 * not within 30 s.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { Product } from "../../worker/contract/catalogue.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";
import { phoneContext, waitForStoredCatalogue, withChromium } from "./browser.ts";
import { ensureWebBuilt, warnIfStale } from "./build.ts";
import { type AppReady, type ChildServer, withShop } from "./child.ts";
import { gzipSize, kB, median, ms, root, type SectionResult, table, webDist } from "./common.ts";

const changes = 100;
const savedOnDevice = "Saved on this device. It will be sent when you are back online.";
/** Strings of web/features/admin/outbox/outbox.ts: the queue's code wherever the bundler put it. */
const outboxMarkers = [savedOnDevice, "dogal-yasam:outbox"];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? Number.NaN;
const status = (page: Page, text: string, timeout = 30_000) =>
  page.getByRole("status").filter({ hasText: text }).first().waitFor({ timeout });

type Shop = ChildServer<AppReady>;
type Line = [name: string, values: number[]];
const serverProducts = async (shop: Shop) =>
  ((await (await fetch(`${shop.info.url}/api/products`)).json()) as Product[]).slice(0, changes);

/** How many admin writes the server has recorded answers for (their Idempotency-Keys). */
async function idempotencyRecords(shop: Shop): Promise<number> {
  const url = `file:${join(shop.info.tempDir ?? "", "app.db")}`;
  const { client } = openNodeDatabase({ DATABASE_URL: url, DATABASE_AUTH_TOKEN: undefined }, root);
  const { rows } = await client.execute("select count(*) as count from idempotency_keys").finally(() => client.close());
  return Number(rows[0]?.count);
}

/** A fresh desktop context signed in on /admin, with the service worker and the admin's code kept. */
async function signedIn(browser: Browser, shop: Shop) {
  const context = await browser.newContext({
    baseURL: shop.info.url,
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    serviceWorkers: "allow",
  });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await page.getByLabel("Admin Email").fill("admin@bench.test");
  await page.getByLabel("Admin Password").fill("bench-admin-password");
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await status(page, "All changes saved");
  const keptEditor = () =>
    page.evaluate(async () =>
      (await (await caches.open("admin-code")).keys()).some((request) => request.url.includes("rich-text-editor")),
    );
  for (let waited = 0; !(await keptEditor()); waited += 250) {
    if (waited > 30_000) throw new Error("the service worker did not keep the admin's code within 30 s");
    await page.waitForTimeout(250);
  }
  return { context, page };
}

/** Renames each product through Product Management; per save, from the Update click to `notice`. */
async function editAll(page: Page, products: Product[], newName: (p: Product) => string, notice: string) {
  await page.getByRole("tab", { name: "Product Management", exact: true }).click();
  const saves: number[] = [];
  const started = performance.now();
  for (const product of products) {
    await page.getByRole("button", { name: `Edit ${product.name}`, exact: true }).click();
    const form = page.getByRole("form", { name: `Edit “${product.name}”` });
    await form.getByLabel("Name").fill(newName(product));
    const clicked = performance.now();
    await form.getByRole("button", { name: "Update Product" }).click();
    await status(page, notice);
    saves.push(performance.now() - clicked);
  }
  return { total: performance.now() - started, saves };
}

async function round(browser: Browser, shop: Shop, originals: Map<number, string>, n: number) {
  const { context, page } = await signedIn(browser, shop);
  try {
    const renamed = (label: string) => (p: Product) => `${originals.get(p.id)} (${label} ${n})`;
    const checks: string[] = [];
    const check = async (label: string, before: number, name: (p: Product) => string) => {
      const added = (await idempotencyRecords(shop)) - before;
      const wrong = (await serverProducts(shop)).filter((p) => p.name !== name(p)).length;
      if (added !== changes || wrong > 0) checks.push(`${label}: ${added} records, ${wrong} names not on the server`);
    };

    let records = await idempotencyRecords(shop);
    const online = await editAll(page, await serverProducts(shop), renamed("online"), "Product updated successfully!");
    await check("online", records, renamed("online"));

    await context.setOffline(true);
    const offline = await editAll(page, await serverProducts(shop), renamed("offline"), savedOnDevice);
    await status(page, `${changes} changes waiting to sync`);
    records = await idempotencyRecords(shop);
    let firstRequest = Number.NaN;
    const started = performance.now();
    page.on("request", (request) => {
      if (Number.isNaN(firstRequest) && request.method() === "PUT") firstRequest = performance.now() - started;
    });
    await context.setOffline(false);
    await status(page, "All changes saved", 6 * 60_000);
    const drain = performance.now() - started;
    await check("offline", records, renamed("offline"));
    return { online, offline, drain, firstRequest, checks };
  } finally {
    await context.close();
  }
}

async function dashboard(browser: Browser, shop: Shop, runs: number) {
  const { context, page } = await signedIn(browser, shop);
  const usable = async () => {
    await page.goto("/admin", { waitUntil: "commit" });
    await page.getByRole("tabpanel").getByRole("article").first().waitFor();
    await page.locator("html[data-app=ready]").waitFor({ state: "attached" });
    return page.evaluate(() => performance.now());
  };
  try {
    const times = { online: [] as number[], offline: [] as number[] };
    for (let run = 0; run < runs + 1; run++) {
      for (const way of ["online", "offline"] as const) {
        await context.setOffline(way === "offline");
        const at = await usable();
        if (run > 0) times[way].push(at); // the first of each is a warm-up
      }
    }
    return times;
  } finally {
    await context.close();
  }
}

/** The build's files that the precache leaves out (vite.config.ts): the admin's code, as paths. */
function adminOnlyFiles(): string[] {
  const precached = new Set(
    [...readFileSync(join(webDist, "sw.js"), "utf8").matchAll(/"url":"\/?([^"]+)"/g)].map((match) => match[1]),
  );
  return readdirSync(join(webDist, "assets"))
    .filter((file) => /\.(js|css)$/.test(file) && !precached.has(`assets/${file}`))
    .map((file) => `/assets/${file}`);
}

/**
 * A first visit to /admin, signed in at once: from the dashboard's heading to the service worker
 * keeping the editor's chunk, and every admin file (offline-ready); NaN when not within 30 s.
 */
async function firstVisit(browser: Browser, shop: Shop, adminCode: string[]) {
  const context = await browser.newContext({
    baseURL: shop.info.url,
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    serviceWorkers: "allow",
  });
  try {
    const page = await context.newPage();
    await page.goto("/admin");
    await signInToDashboard(page, "admin@bench.test", "bench-admin-password");
    const dashboard = performance.now();
    let editor = Number.NaN;
    let ready = Number.NaN;
    while (Number.isNaN(ready) && performance.now() - dashboard < 30_000) {
      const kept = await page.evaluate(async () =>
        (await caches.has("admin-code"))
          ? (await (await caches.open("admin-code")).keys()).map((request) => new URL(request.url).pathname)
          : [],
      );
      const at = performance.now() - dashboard;
      if (Number.isNaN(editor) && kept.some((path) => path.includes("rich-text-editor"))) editor = at;
      if (adminCode.every((path) => kept.includes(path))) ready = at;
      else await page.waitForTimeout(50);
    }
    return { editor, ready };
  } finally {
    await context.close();
  }
}

/** The JavaScript a shopper's phone fetches for `/` (the page and its workers) and any outbox code in it. */
async function shopperHome(browser: Browser, shop: Shop) {
  const context = await phoneContext(browser, shop.info.url);
  try {
    const page = await context.newPage();
    const files: Promise<[string, string]>[] = [];
    page.on("response", (response) => {
      if (/\.m?js$/.test(new URL(response.url()).pathname))
        files.push(response.text().then((text) => [response.url(), text] as [string, string]));
    });
    await page.goto("/");
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
    await waitForStoredCatalogue(page);
    await page.waitForLoadState("networkidle");
    const texts = new Map(await Promise.all(files));
    const outbox = [...texts].filter(([, text]) => outboxMarkers.some((marker) => text.includes(marker)));
    const gzip = [...texts.values()].reduce((sum, text) => sum + gzipSize(text), 0);
    return { files: texts.size, gzip, outboxFiles: outbox.map(([url]) => new URL(url).pathname) };
  } finally {
    await context.close();
  }
}

export async function adminOfflineSection({ runs }: { runs: number }): Promise<SectionResult> {
  ensureWebBuilt();
  warnIfStale(["web"], join(webDist, "index.html"), "npx vite build");
  const navigations = Math.max(9, runs);
  const figures = await withChromium((browser) =>
    withShop(["--members", "10", "--products", String(changes)], "admin-offline", async (shop) => {
      const originals = new Map((await serverProducts(shop)).map((p) => [p.id, p.name]));
      if (originals.size < changes) throw new Error(`the shop has ${originals.size} products, not ${changes}`);
      const rounds = [];
      for (let n = 1; n <= runs; n++) rounds.push(await round(browser, shop, originals, n));
      const adminCode = adminOnlyFiles();
      const firstVisits = [];
      for (let n = 0; n < navigations; n++) firstVisits.push(await firstVisit(browser, shop, adminCode));
      return {
        rounds,
        dashboard: await dashboard(browser, shop, navigations),
        firstVisits,
        home: await shopperHome(browser, shop),
      };
    }),
  );
  const { rounds, dashboard: dash, firstVisits, home } = figures;
  const row = ([name, v]: Line, p = 0.95) => [name, v.length, ms(median(v)), ms(percentile(v, p))];
  const all = (pick: (r: (typeof rounds)[number]) => number[]) => rounds.flatMap(pick);
  const edits: Line[] = [
    [`online: ${changes} edits one by one`, all((r) => [r.online.total])],
    ["online: a save → “Product updated…”", all((r) => r.online.saves)],
    [`offline: ${changes} edits one by one`, all((r) => [r.offline.total])],
    ["offline: a save → “Saved on this device…”", all((r) => r.offline.saves)],
    [`back online: ${changes} queued → “All changes saved”`, all((r) => [r.drain])],
    ["  before the first request (back-off)", all((r) => [r.firstRequest])],
    ["  from the first request", all((r) => [r.drain - r.firstRequest])],
  ];
  console.log(`  ${runs} round(s) of ${changes} product edits, each way; Chromium, desktop window, service worker`);
  const rows = edits.map((line) => row(line));
  console.log(table(["figure", "n", "median", "p95"], rows));
  const failed = rounds.flatMap((r, i) => r.checks.map((c) => `round ${i + 1} ${c}`));
  console.log(
    failed.length === 0
      ? `  ✓ every phase of every round: +${changes} idempotency records on the server, and its ${changes} names as edited`
      : `  ✖ ${failed.join("; ")}`,
  );
  console.log(`\n  The dashboard, navigation to usable, ${navigations} times each way (alternating, after a warm-up)`);
  console.log(
    table(
      ["figure", "n", "median", "p90"],
      [row(["online", dash.online], 0.9), row(["offline (the device's code and loads)", dash.offline], 0.9)],
    ),
  );
  const within = (values: number[]) => values.filter(Number.isFinite);
  const visitRow = (name: string, values: number[]) => {
    const done = within(values);
    return [name, `${done.length} of ${values.length}`, ms(median(done)), ms(percentile(done, 0.9))];
  };
  console.log(
    `\n  A first visit to /admin, signed in at once: from the dashboard's heading, ${navigations} fresh contexts`,
  );
  console.log(
    table(
      ["figure", "within 30 s", "median", "p90"],
      [
        visitRow(
          "→ the editor's chunk kept",
          firstVisits.map((v) => v.editor),
        ),
        visitRow(
          "→ offline-ready (every admin file kept)",
          firstVisits.map((v) => v.ready),
        ),
      ],
    ),
  );
  console.log(
    `\n  Shopper's / on a phone: ${home.files} JS files, ${kB(home.gzip)} gzip; the outbox's code in them: ${
      home.outboxFiles.length ? `✖ ${home.outboxFiles.join(", ")}` : "none"
    }`,
  );
  return { figures: { changes, runs, ...figures, sanity: failed }, targets: [] };
}
