/**
 * Section 1: bundle sizes. The Worker bundle (raw and gzip), and the JavaScript a shopper's
 * phone downloads for `/`: what the built index.html names (module script + modulepreload), and
 * what Chromium actually fetches from the production server when `/` loads (lazy route chunks
 * included, and anything a service worker precaches). Also whether any admin code is in it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import type { Response as PageResponse } from "playwright-core";
import { phoneContext, withChromium } from "./browser.ts";
import { ensureWebBuilt, ensureWorkerBuilt, warnIfStale } from "./build.ts";
import type { AppReady, ChildServer } from "./child.ts";
import {
  builtIndexAssets,
  gzipSize,
  kB,
  mark,
  ms,
  root,
  type SectionResult,
  type Target,
  table,
  webDist,
  workerDist,
} from "./common.ts";

export type BundleOptions = {
  catalogueServer: () => Promise<ChildServer<AppReady>>;
};

/**
 * The settled budgets (ADR 0042): the main thread's JavaScript for `/` at most 150 kB gzip; the
 * catalogue worker's script, which runs off the main thread, counted on its own, at most 45 kB.
 */
const jsBudget = 150_000;
const catalogueWorkerBudget = 45_000;

type Loaded = {
  path: string;
  kind: "js" | "css";
  raw: number;
  gzip: number;
  /** Body bytes on the wire (after any Content-Encoding the server applied). */
  wire: number;
  encoding: string;
  /** Who asked: the page (main thread), a Web Worker the page started, or the service worker. */
  by: "page" | "worker" | "service worker";
  admin: string | null;
};

export async function bundleSection(options: BundleOptions): Promise<SectionResult> {
  const targets: Target[] = [];

  // ── Worker bundle ──
  ensureWorkerBuilt();
  const workerFiles = readdirSync(workerDist).filter((f) => /\.(m?js|wasm)$/.test(f));
  warnIfStale(["worker", "drizzle/seed"], join(workerDist, workerFiles[0] ?? "worker.js"), "npm run build:worker");
  const worker = workerFiles.map((file) => {
    const bytes = readFileSync(join(workerDist, file));
    return { file: `dist/worker/${file}`, raw: bytes.byteLength, gzip: gzipSize(bytes) };
  });
  const workerTotal = { raw: sum(worker.map((w) => w.raw)), gzip: sum(worker.map((w) => w.gzip)) };
  console.log("\nWorker bundle (source maps excluded)");
  console.log(
    table(
      ["file", "raw", "gzip"],
      [
        ...worker.map((w) => [w.file, kB(w.raw), kB(w.gzip)]),
        ...(worker.length > 1 ? [["total", kB(workerTotal.raw), kB(workerTotal.gzip)]] : []),
      ],
    ),
  );

  // ── The PWA: what index.html names ──
  ensureWebBuilt();
  const staleSources = warnIfStale(["web"], join(webDist, "index.html"), "npm run build");
  const index = builtIndexAssets();
  const named = [
    ...index.scripts.map((p) => ({ p, how: "module script" })),
    ...index.preloads.map((p) => ({ p, how: "modulepreload" })),
  ];
  const namedRows = named.map(({ p, how }) => {
    const bytes = readBuilt(p);
    return { path: p, how, raw: bytes?.byteLength ?? 0, gzip: bytes ? gzipSize(bytes) : 0 };
  });
  console.log("\nJavaScript that dist/web/index.html names (before any lazy chunk)");
  console.log(
    table(
      ["file", "how", "raw", "gzip"],
      [
        ...namedRows.map((r) => [r.path, r.how, kB(r.raw), kB(r.gzip)]),
        ["total", "", kB(sum(namedRows.map((r) => r.raw))), kB(sum(namedRows.map((r) => r.gzip)))],
      ],
    ),
  );

  // ── What Chromium downloads for / ──
  const admin = adminSignature();
  const server = await options.catalogueServer();
  const loaded = await loadHome(server.info.url, admin);
  const pageJs = uniqueByPath(loaded.filter((f) => f.kind === "js" && f.by === "page"));
  const workerJs = uniqueByPath(loaded.filter((f) => f.kind === "js" && f.by === "worker"));
  const swJs = uniqueByPath(loaded.filter((f) => f.kind === "js" && f.by === "service worker"));
  const css = uniqueByPath(loaded.filter((f) => f.kind === "css" && f.by === "page"));
  const jsTotal = {
    raw: sum(pageJs.map((f) => f.raw)),
    gzip: sum(pageJs.map((f) => f.gzip)),
    wire: sum(pageJs.map((f) => f.wire)),
  };
  const indexPaths = new Set(named.map((n) => n.p));
  console.log(`\nJavaScript a shopper downloads for / (Chromium as a phone, ${server.info.url}/)`);
  console.log(
    table(
      ["file", "loaded as", "raw", "gzip", "on the wire", "encoding"],
      [
        ...pageJs.map((f) => [
          f.path + (f.admin ? "  ← ADMIN" : ""),
          indexPaths.has(f.path) ? "index.html" : "lazy/imported",
          kB(f.raw),
          kB(f.gzip),
          kB(f.wire),
          f.encoding,
        ]),
        ["total JS", "", kB(jsTotal.raw), kB(jsTotal.gzip), kB(jsTotal.wire), ""],
        ...css.map((f) => [`${f.path} (CSS, not counted)`, "", kB(f.raw), kB(f.gzip), kB(f.wire), f.encoding]),
      ],
    ),
  );
  const workerTotalGzip = sum(workerJs.map((f) => f.gzip));
  console.log(
    `  Web Worker scripts (off the main thread, counted apart): ${
      workerJs.length ? workerJs.map((f) => `${f.path} ${kB(f.gzip)} gzip`).join(", ") : "none requested"
    }.`,
  );
  if (swJs.length > 0) {
    console.log(
      `  The service worker also fetched ${swJs.length} JS file(s), ${kB(sum(swJs.map((f) => f.gzip)))} gzip ` +
        `(precache; not counted above)${swJs.some((f) => f.admin) ? ", admin code among them" : ""}.`,
    );
  }
  if (pageJs.length > 0 && pageJs.every((f) => f.encoding === "none")) {
    console.log(
      "  Note: the Node server sent these uncompressed (no Content-Encoding), so a phone on `npm start` " +
        `downloads ${kB(jsTotal.wire)} of JS, not ${kB(jsTotal.gzip)}; Lighthouse's simulated network sees the same.`,
    );
  }

  // ── The same for /tr: its own build, with the Turkish messages (issue 40, ADR 0086) ──
  const turkishJs = uniqueByPath(
    (await loadHome(server.info.url, admin, "/tr")).filter((f) => f.kind === "js" && f.by === "page"),
  );
  const turkishGzip = sum(turkishJs.map((f) => f.gzip));
  console.log(
    `\nJavaScript a shopper downloads for /tr: ${turkishJs.length} files, ${kB(turkishGzip)} gzip ` +
      `(/ : ${pageJs.length} files, ${kB(jsTotal.gzip)} gzip)`,
  );

  // ── Load order: nothing but the entry before the first contentful paint (ADR 0043) ──
  const early = await scriptsBeforeFirstPaint(server.info.url, [
    "/",
    "/products",
    "/products/1",
    "/tr",
    "/tr/products",
  ]);
  console.log("\nScripts requested before the first contentful paint (besides the entry the HTML names)");
  console.log(
    table(
      ["page", "first contentful paint", "app scripts", "requested before it"],
      early.map((e) => [e.path, ms(e.firstContentfulPaint), String(e.appScripts), e.early.join(", ") || "none"]),
    ),
  );

  // ── Largest chunks in the build ──
  const assetsDir = join(webDist, "assets");
  const loadedNames = new Set(pageJs.map((f) => basename(f.path)));
  const chunks = readdirSync(assetsDir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => {
      const bytes = readFileSync(join(assetsDir, f));
      return { file: f, raw: bytes.byteLength, gzip: gzipSize(bytes), onHome: loadedNames.has(f) };
    })
    .sort((a, b) => b.raw - a.raw);
  console.log(`\nLargest JS chunks in dist/web/assets (${chunks.length} in all)`);
  console.log(
    table(
      ["chunk", "raw", "gzip", "loaded on /"],
      chunks.slice(0, 8).map((c) => [c.file, kB(c.raw), kB(c.gzip), c.onHome ? "yes" : "no"]),
    ),
  );

  // ── Targets ──
  const adminLoaded = pageJs.filter((f) => f.admin);
  // Each language's page and the catalogue worker against their budgets (issue 40 added /tr):
  // not measured when nothing of it loaded.
  for (const [name, files, gzip, budget] of [
    ["main-thread JS downloaded for / (gzip)", pageJs, jsTotal.gzip, jsBudget],
    ["main-thread JS downloaded for /tr (gzip)", turkishJs, turkishGzip, jsBudget],
    ["catalogue worker's JS (gzip)", workerJs, workerTotalGzip, catalogueWorkerBudget],
  ] as const) {
    targets.push({
      section: "bundle",
      name,
      value: kB(gzip),
      target: `≤ ${kB(budget)}`,
      met: files.length > 0 ? gzip <= budget : null,
    });
  }
  targets.push({
    section: "bundle",
    name: "admin code absent from /",
    value: adminLoaded.length
      ? adminLoaded.map((f) => `${basename(f.path)} (${f.admin})`).join(", ")
      : "none downloaded",
    target: "none",
    met: pageJs.length > 0 ? adminLoaded.length === 0 : null,
  });
  targets.push({
    section: "bundle",
    name: "app scripts asked for before the first contentful paint (/, /products, /products/1, /tr, /tr/products)",
    value: String(sum(early.map((e) => e.early.length))),
    target: "0",
    met: early.every((e) => e.appScripts > 0) ? early.every((e) => e.early.length === 0) : null,
  });
  console.log(
    `\n  Admin code is recognised by chunk name (${admin.chunks.length ? admin.chunks.join(", ") : "no admin* chunk in the build"}) ` +
      `and by ${admin.markers.length} string(s) found only in ${admin.sources.length} admin source file(s).`,
  );
  console.log("\nTargets");
  console.log(
    table(
      ["target", "value", "goal", "status"],
      targets.map((t) => [t.name, t.value, t.target, mark(t.met)]),
    ),
  );

  return {
    figures: {
      worker: { files: worker, total: workerTotal },
      web: {
        staleSources,
        indexHtml: namedRows,
        home: { js: pageJs, jsTotal, workerJs, workerTotalGzip, css, serviceWorkerJs: swJs },
        largestChunks: chunks.slice(0, 8),
        admin: {
          chunks: admin.chunks,
          markers: admin.markers.length,
          downloadedOnHome: adminLoaded.map((f) => f.path),
        },
      },
    },
    targets,
  };
}

/** Loads `/` in a fresh phone-sized context and records every JS and CSS response. */
async function loadHome(base: string, admin: AdminSignature, path = "/"): Promise<Loaded[]> {
  return withChromium(async (browser) => {
    const context = await phoneContext(browser, base);
    try {
      const responses: PageResponse[] = [];
      context.on("response", (response) => responses.push(response));
      const page = await context.newPage();
      const workerScripts = new Set<string>();
      page.on("worker", (worker) => workerScripts.add(new URL(worker.url()).pathname));
      await page.goto(path, { waitUntil: "networkidle" });
      // Idle-time prefetches and a service worker's precache start after load.
      await page.waitForTimeout(2_000);
      await page.waitForLoadState("networkidle");

      const origin = new URL(base).origin;
      const byWorkers = withStaticImports(workerScripts);
      const loaded: Loaded[] = [];
      for (const response of responses) {
        const url = new URL(response.url());
        const type = response.headers()["content-type"] ?? "";
        const kind =
          /javascript|ecmascript/.test(type) || /\.m?js$/.test(url.pathname)
            ? "js"
            : /text\/css/.test(type) || url.pathname.endsWith(".css")
              ? "css"
              : null;
        if (!kind || response.status() >= 400) continue;
        let body: Buffer | null = null;
        try {
          body = await response.body();
        } catch {
          body = url.origin === origin ? readBuilt(url.pathname) : null;
        }
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        const text = body?.toString("utf8") ?? "";
        loaded.push({
          path: url.origin === origin ? url.pathname : url.href,
          kind,
          raw: body?.byteLength ?? 0,
          gzip: body ? gzipSize(body) : 0,
          wire: sizes?.responseBodySize ?? body?.byteLength ?? 0,
          encoding: response.headers()["content-encoding"] ?? "none",
          by: response.request().serviceWorker()
            ? "service worker"
            : url.origin === origin && byWorkers.has(url.pathname)
              ? "worker"
              : "page",
          admin: kind === "js" ? admin.match(url.pathname, text) : null,
        });
      }
      return loaded;
    } finally {
      await context.close();
    }
  });
}

/**
 * For each page, loaded fresh as a phone: the scripts (other than the entry) requested before the
 * browser reported the first contentful paint. The app starts after that paint, so the first
 * screen's paint never waits on the app's downloads.
 */
async function scriptsBeforeFirstPaint(base: string, paths: string[]) {
  return withChromium(async (browser) => {
    const results: { path: string; firstContentfulPaint: number; appScripts: number; early: string[] }[] = [];
    for (const path of paths) {
      const context = await phoneContext(browser, base);
      try {
        const page = await context.newPage();
        await page.goto(path, { waitUntil: "networkidle" });
        const timing = await page.evaluate(() => {
          const entry = document.querySelector<HTMLScriptElement>("script[type=module][src]")?.src;
          const scripts = performance
            .getEntriesByType("resource")
            .filter((r) => /\/assets\/.+\.js$/.test(new URL(r.name).pathname) && r.name !== entry);
          const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
          return {
            firstContentfulPaint: paint,
            appScripts: scripts.length,
            early: scripts.filter((r) => !(r.startTime >= paint)).map((r) => new URL(r.name).pathname),
          };
        });
        results.push({ path, ...timing });
      } finally {
        await context.close();
      }
    }
    return results;
  });
}

type AdminSignature = {
  chunks: string[];
  markers: string[];
  sources: string[];
  match(path: string, text: string): string | null;
};

/**
 * How to recognise admin code in a downloaded file: the route chunks built from
 * web/routes/admin*.tsx are named admin-<hash>.js (admin.<child>-<hash>.js for child routes),
 * and strings that appear in the admin sources (web/routes/admin*, web/features/admin) but in
 * no other web source are admin code wherever the bundler put them.
 */
function adminSignature(): AdminSignature {
  const webDir = join(root, "web");
  const all = listFiles(webDir).filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.test\.|\.gen\./.test(f));
  const isAdmin = (f: string) => {
    const rel = relative(webDir, f).replaceAll("\\", "/");
    return (
      /^routes\/admin[^/]*\.tsx?$/.test(rel) || rel.startsWith("routes/admin/") || rel.startsWith("features/admin/")
    );
  };
  const sources = all.filter(isAdmin);
  const others = all.filter((f) => !isAdmin(f)).map((f) => readFileSync(f, "utf8"));
  const markers = new Set<string>();
  for (const file of sources) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (/^\s*(import|export\s+\*|export\s+\{.*\}\s+from)\b/.test(line)) continue;
      for (const m of line.matchAll(/"([^"\\]{12,})"|'([^'\\]{12,})'|`([^`$\\]{12,})`|>\s*([^<>{}]{12,}?)\s*</g)) {
        const text = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? "").trim();
        // Route paths such as "/admin/products" live in the route tree of the main bundle.
        if (text.length < 12 || /^[./]/.test(text) || text.includes("../")) continue;
        if (!others.some((source) => source.includes(text))) markers.add(text);
      }
    }
  }
  const assetsDir = join(webDist, "assets");
  const isAdminChunk = (name: string) => /^admin([.\-_][^/]*)?\.m?js$/i.test(name);
  const chunks = existsSync(assetsDir) ? readdirSync(assetsDir).filter(isAdminChunk) : [];
  const list = [...markers];
  return {
    chunks,
    markers: list,
    sources: sources.map((f) => relative(root, f)),
    match(path, text) {
      if (isAdminChunk(basename(path))) return "admin route chunk";
      const found = list.find((marker) => text.includes(marker));
      return found ? `contains admin text "${found.slice(0, 40)}"` : null;
    },
  };
}

/**
 * The built scripts a Web Worker runs: its own and what they import, found in the build's files
 * (a worker's requests look like the page's to the browser's network events).
 */
function withStaticImports(scripts: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const visit = (path: string) => {
    if (found.has(path)) return;
    found.add(path);
    const text = readBuilt(path)?.toString("utf8") ?? "";
    for (const m of text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) {
      visit(new URL(m[1] as string, `http://x${path}`).pathname);
    }
  };
  for (const script of scripts) visit(script);
  return found;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

function readBuilt(urlPath: string): Buffer | null {
  const file = join(webDist, decodeURIComponent(urlPath.split("?")[0] ?? ""));
  return file.startsWith(webDist) && existsSync(file) && statSync(file).isFile() ? readFileSync(file) : null;
}

function uniqueByPath(files: Loaded[]): Loaded[] {
  const seen = new Map<string, Loaded>();
  for (const f of files) if (!seen.has(f.path)) seen.set(f.path, f);
  return [...seen.values()];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
