/**
 * Section 3: Lighthouse. Programmatic Lighthouse (default config: mobile preset, simulated
 * throttling) in Debian's Chromium started by chrome-launcher, a fresh browser per run, against
 * the production server: `/`, `/products`, `/products/<first id>`, `/products` of a 1,000-product
 * shop, each as a first visit and as a repeat view (service worker installed, catalogue on the
 * device), and beside them a static page with the same above-the-fold content as `/`
 * (static-page.ts) served by the same server, also measured both ways: as a first visit, and
 * as a repeat view with the shop's service worker installed and in control (a visit to `/`
 * first), the baseline of the repeat views. Pages take turns within each run, so a noisy moment
 * on the machine spreads over all of them.
 */
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { killAll, launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { chromium } from "playwright-core";
import { chromePath, chromiumFlags } from "../support/browser.ts";
import { waitForStoredCatalogue } from "./browser.ts";
import { ensureWebBuilt, warnIfStale } from "./build.ts";
import type { AppReady, ChildServer } from "./child.ts";
import { checkAborted, defer } from "./cleanup.ts";
import { describeError, mark, median, ms, root, type SectionResult, type Target, table, webDist } from "./common.ts";
import { writeStaticPage } from "./static-page.ts";

export type LighthouseOptions = {
  runs: number;
  /** Only these pages (results keys); the static baselines always run. All of them by default. */
  pages?: string[];
  reportDir: string;
  catalogueServer: () => Promise<ChildServer<AppReady>>;
  /** The same shop grown to 1,000 products, for `/products` at a real shop's size. */
  largeCatalogueServer: () => Promise<ChildServer<AppReady>>;
};

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type CategoryId = (typeof categories)[number];
const short: Record<CategoryId, string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "best pr.",
  seo: "SEO",
};
/** Accessibility, best practices and SEO: what every page must score. */
const goals: Record<Exclude<CategoryId, "performance">, number> = {
  accessibility: 100,
  "best-practices": 100,
  seo: 95,
};
/**
 * The settled speed band (ADR 0042): performance within 10 points of the static page measured
 * the same way in the same run, never below 85, and LCP at most 1.2× the static page's.
 */
const perfBand = { points: 10, floor: 85, lcpRatio: 1.2 };

/**
 * A page to measure: on the seeded shop's server, or on `base` (the 1,000-product shop). A
 * repeat view is measured after a first visit in the same browser profile (to the same page, or
 * to `firstVisit`): the service worker installed and in control, the catalogue stored on the
 * device. Each page is compared with the static page measured the same way (`baseline`).
 */
type Page = {
  key: string;
  label: string;
  path: string;
  app: boolean;
  base?: string;
  repeat?: boolean;
  firstVisit?: string;
};
const baseline = (page: Page) => (page.repeat ? "static-repeat" : "static");
/** One Lighthouse run; `compileMs`: script compiling on the page's main thread (see moduleCompileMs). */
type Run = { lhr: Result; report: string; compileMs: number };
type Medians = {
  scores: Record<CategoryId, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  compileMs: number;
  runs: number;
  errors: string[];
};

// A Chromium whose launch was still under way when the bench stopped: chrome-launcher knows it.
process.once("exit", () => killAll());

export async function lighthouseSection(options: LighthouseOptions): Promise<SectionResult> {
  ensureWebBuilt();
  warnIfStale(["web"], join(webDist, "index.html"), "npm run build");
  const server = await options.catalogueServer();
  const base = server.info.url;

  const staticPage = await writeStaticPage(base);
  const first = staticPage.products[0];
  try {
    console.log(
      `\n  Static baseline ${staticPage.path}: ${staticPage.method === "snapshot" ? "the rendered / with its scripts removed" : "generated from the API data (the app did not render / fully)"}, ${(staticPage.bytes / 1000).toFixed(1)} kB of HTML`,
    );
    const pages: Page[] = [
      { key: "static", label: "static / (baseline)", path: staticPage.path, app: false },
      { key: "home", label: "/", path: "/", app: true },
      { key: "products", label: "/products", path: "/products", app: true },
      // The same pages in Turkish (issue 40): the band holds for both languages.
      { key: "home-tr", label: "/tr", path: "/tr", app: true },
      { key: "products-tr", label: "/tr/products", path: "/tr/products", app: true },
      ...(first
        ? [
            {
              key: "product",
              label: `/products/${first.id}`,
              path: `/products/${first.id}`,
              app: true,
            },
          ]
        : []),
    ];
    if (!first) console.log("  ⚠ the catalogue is empty: no product page to measure");
    const large = await options.largeCatalogueServer();
    pages.push({
      key: "products-large",
      label: `/products (${large.info.products} products)`,
      path: "/products",
      app: true,
      base: large.info.url,
    });
    pages.push(
      // The script-free page with the shop's service worker in control: what a repeat view's
      // navigation costs a page that runs no script (the worker does not answer this address,
      // a file's, so the page comes from the network through it; its stylesheet from the
      // worker's precache, as the app's pages get theirs).
      {
        key: "static-repeat",
        label: "static / (baseline), repeat view",
        path: staticPage.path,
        app: false,
        repeat: true,
        firstVisit: "/",
      },
      ...pages
        .filter((p) => p.app)
        .map((p) => ({ ...p, key: `${p.key}-repeat`, label: `${p.label}, repeat view`, repeat: true })),
    );

    if (options.pages) {
      const unknown = options.pages.filter((key) => !pages.some((p) => p.key === key));
      if (unknown.length > 0)
        throw new Error(`--pages: no page ${unknown.join(", ")} (${pages.map((p) => p.key).join(", ")})`);
      const kept = pages.filter((p) => !p.app || options.pages?.includes(p.key));
      pages.splice(0, pages.length, ...kept);
    }
    const runs = new Map<string, Run[]>(pages.map((p) => [p.key, []]));
    const errors = new Map<string, string[]>(pages.map((p) => [p.key, []]));
    for (let i = 1; i <= options.runs; i++) {
      for (const page of pages) {
        checkAborted();
        process.stdout.write(`  run ${i}/${options.runs} ${page.label} … `);
        const started = Date.now();
        try {
          const origin = page.base ?? base;
          const url = `${origin}${page.path}`;
          const firstVisit = page.repeat ? `${origin}${page.firstVisit ?? page.path}` : undefined;
          let run = await runLighthouse(url, firstVisit);
          // Lighthouse sometimes fails to record the trace itself (not the page's doing): one
          // more try. Any other runtime error (no paint, a failed load) counts as it is.
          if (run.lhr.runtimeError?.code === "NO_NAVSTART") {
            process.stdout.write("trace not recorded (NO_NAVSTART), again … ");
            run = await runLighthouse(url, firstVisit);
          }
          if (run.lhr.runtimeError) throw new Error(`${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`);
          runs.get(page.key)?.push(run);
          const lcp = run.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
          console.log(
            `perf ${score(run.lhr, "performance")}, LCP ${ms(lcp)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        } catch (error) {
          checkAborted();
          const message = error instanceof Error ? error.message : String(error);
          errors.get(page.key)?.push(message);
          console.log(`FAILED: ${message}`);
        }
      }
    }

    const medians = new Map<string, Medians>(
      pages.map((p) => [p.key, summarise(runs.get(p.key) ?? [], errors.get(p.key) ?? [])]),
    );
    const baselineOf = (page: Page) => medians.get(baseline(page));

    console.log(`\nLighthouse ${lighthouseVersion(runs)}, mobile preset, median of ${options.runs} run(s) per page`);
    console.log(
      table(
        ["page", ...categories.map((c) => short[c]), "LCP", "TBT", "CLS", "FCP", "LCP ÷ static", "JS compile", "runs"],
        pages.map((p) => {
          const m = medians.get(p.key) as Medians;
          return [
            p.label,
            ...categories.map((c) => fmtScore(m.scores[c])),
            ms(m.lcp),
            ms(m.tbt),
            Number.isFinite(m.cls) ? m.cls.toFixed(3) : "–",
            ms(m.fcp),
            p.app ? `${(m.lcp / (baselineOf(p)?.lcp ?? Number.NaN)).toFixed(2)}×` : "1.00×",
            ms(m.compileMs),
            `${m.runs}/${options.runs}`,
          ];
        }),
      ),
    );
    console.log(
      `  goals: a11y ${goals.accessibility}, best pr. ${goals["best-practices"]}, SEO ≥ ${goals.seo}; ` +
        `perf within ${perfBand.points} points of the static page's and ≥ ${perfBand.floor}, ` +
        `LCP ≤ ${perfBand.lcpRatio}× the static page's (a repeat view against the static page's repeat view)`,
    );

    const targets: Target[] = [];
    for (const page of pages.filter((p) => p.app)) {
      const m = medians.get(page.key) as Medians;
      const has = m.runs > 0;
      for (const c of ["accessibility", "best-practices", "seo"] as const) {
        targets.push({
          section: "lighthouse",
          name: `${page.label} ${c}`,
          value: fmtScore(m.scores[c]),
          target: c === "seo" ? `≥ ${goals[c]}` : String(goals[c]),
          met: has ? m.scores[c] >= goals[c] : null,
        });
      }
      const base = baselineOf(page);
      const staticPerf = base?.scores.performance ?? Number.NaN;
      const against = `the static page${page.repeat ? "'s repeat view" : ""}`;
      targets.push({
        section: "lighthouse",
        name: `${page.label} perf vs ${against}`,
        value: `${fmtScore(m.scores.performance)} vs ${fmtScore(staticPerf)}`,
        target: `≥ ${fmtScore(staticPerf - perfBand.points)} (within ${perfBand.points}) and ≥ ${perfBand.floor}`,
        met:
          has && Number.isFinite(staticPerf)
            ? m.scores.performance >= staticPerf - perfBand.points && m.scores.performance >= perfBand.floor
            : null,
      });
      const lcpRatio = m.lcp / (base?.lcp ?? Number.NaN);
      targets.push({
        section: "lighthouse",
        name: `${page.label} LCP ÷ ${against}'s`,
        value: `${lcpRatio.toFixed(2)}× (${ms(m.lcp)} vs ${ms(base?.lcp ?? Number.NaN)})`,
        target: `≤ ${perfBand.lcpRatio}×`,
        met: has && Number.isFinite(lcpRatio) ? lcpRatio <= perfBand.lcpRatio : null,
      });
    }
    console.log("\nTargets");
    console.log(
      table(
        ["target", "value", "goal", "status"],
        targets.map((t) => [t.name, t.value, t.target, mark(t.met)]),
      ),
    );

    // Where the time goes: the LCP element and the longest request chain of each median run.
    const diagnostics: Record<
      string,
      { lcpElement: string | null; lcpSubparts: Record<string, number>; chain: string[] }
    > = {};
    console.log("\nLCP element and critical request chain (median run)");
    for (const page of pages) {
      const run = medianRun(runs.get(page.key) ?? []);
      if (!run) continue;
      const d = { ...lcpBreakdown(run.lhr), chain: criticalChain(run.lhr) };
      diagnostics[page.key] = d;
      const parts = Object.entries(d.lcpSubparts).map(([k, v]) => `${k} ${ms(v)}`);
      console.log(`  ${page.label}: LCP element ${d.lcpElement ?? "?"}${parts.length ? ` (${parts.join(", ")})` : ""}`);
      if (d.chain.length > 0) console.log(`    chain: ${d.chain.join(" → ")}`);
    }

    // What to fix: the failing audits of the median run, per page and category under 100.
    mkdirSync(options.reportDir, { recursive: true });
    const failing: Record<string, Record<string, { id: string; title: string; value?: string }[]>> = {};
    const reports: Record<string, string> = {};
    for (const page of pages) {
      const run = medianRun(runs.get(page.key) ?? []);
      if (!run) continue;
      const reportFile = join(options.reportDir, `lighthouse-${page.key}.html`);
      writeFileSync(reportFile, run.report);
      reports[page.key] = relative(root, reportFile);
      const perPage: (typeof failing)[string] = {};
      for (const c of categories) {
        const category = run.lhr.categories[c];
        if (!category || (category.score ?? 0) >= 1) continue;
        perPage[c] = failingAudits(run.lhr, c);
      }
      failing[page.key] = perPage;
      const lines = Object.entries(perPage);
      if (lines.length === 0) continue;
      console.log(`\nTop failing audits on ${page.label} (median run; full report: ${relative(root, reportFile)})`);
      for (const [c, audits] of lines) {
        console.log(`  ${c} ${score(run.lhr, c as CategoryId)}:`);
        for (const a of audits) console.log(`    - ${a.id}: ${a.title}${a.value ? ` (${a.value})` : ""}`);
        if (audits.length === 0) console.log("    (no single audit below 1; the score is the weighted metrics)");
      }
    }
    const warnings = new Set([...runs.values()].flat().flatMap((r) => r.lhr.runWarnings));
    for (const w of warnings) console.log(`  ⚠ Lighthouse: ${w.replace(/\s+/g, " ").slice(0, 300)}`);
    const benchmark = median([...runs.values()].flat().map((r) => r.lhr.environment.benchmarkIndex));
    console.log(
      `  Machine: Lighthouse benchmarkIndex ${Number.isFinite(benchmark) ? benchmark.toFixed(0) : "–"} (median)`,
    );

    return {
      figures: {
        lighthouseVersion: lighthouseVersion(runs),
        runsPerPage: options.runs,
        benchmarkIndex: benchmark,
        staticPage: { path: staticPage.path, method: staticPage.method, bytes: staticPage.bytes },
        pages: Object.fromEntries(
          pages.map((p) => [
            p.key,
            {
              path: p.path,
              ...(medians.get(p.key) as Medians),
              baseline: baseline(p),
              lcpRatioToStatic: (medians.get(p.key)?.lcp ?? Number.NaN) / (baselineOf(p)?.lcp ?? Number.NaN),
            },
          ]),
        ),
        diagnostics,
        failingAudits: failing,
        reports,
        warnings: [...warnings],
      },
      targets,
    };
  } finally {
    await staticPage.remove();
  }
}

/** One Lighthouse run of `url`; with `firstVisit`, a repeat view after that first visit. */
async function runLighthouse(url: string, firstVisit: string | undefined): Promise<Run> {
  const repeatView = firstVisit !== undefined;
  const chrome = await launch({
    chromePath: chromePath(),
    chromeFlags: ["--headless=new", ...chromiumFlags],
    handleSIGINT: false,
    logLevel: "silent",
  });
  const kill = defer(`chromium (lighthouse, pid ${chrome.pid})`, async () => {
    const exited = chrome.process.exitCode === null ? once(chrome.process, "close") : Promise.resolve();
    chrome.kill(); // SIGKILL to Chromium's process group, then its temp profile is removed
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
  });
  try {
    if (firstVisit) await visitFirst(chrome.port, firstVisit);
    const result = await lighthouse(url, {
      port: chrome.port,
      // A repeat view keeps what the first visit stored: the service worker and its caches, IndexedDB.
      disableStorageReset: repeatView,
      output: "html",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const report = Array.isArray(result.report) ? (result.report[0] ?? "") : result.report;
    return { lhr: result.lhr, report, compileMs: moduleCompileMs(result.artifacts.Trace.traceEvents) };
  } catch (error) {
    throw new Error(describeError(error).split("\n")[0]);
  } finally {
    await kill();
  }
}

/**
 * The first visit of a repeat view, in the browser Lighthouse will use: a page of the shop
 * loads, its service worker takes control (a second load goes through it) and the catalogue is
 * on the device (IndexedDB holds products), as a shopper's phone after one visit.
 */
async function visitFirst(port: number, url: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 60_000 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await waitForStoredCatalogue(page);
    await page.close();
  } finally {
    // Connected, not launched: this ends the connection and leaves Chromium to Lighthouse.
    await browser.close();
  }
}

/**
 * Milliseconds the page's main thread spent compiling scripts (V8's `v8.compile` and
 * `v8.compileModule` trace events), as Lighthouse's own trace recorded them. Lighthouse keeps the
 * DevTools debugger on during the load (for async stacks), and with a debugger attached Chromium
 * reads a script's code cache on the main thread: the figure that tells a repeat view's start
 * from a first view's (ADR 0101).
 */
function moduleCompileMs(
  events: readonly { name: string; pid: number; tid: number; dur?: number; args?: unknown }[],
): number {
  const loader = events.find(
    (e) =>
      e.name === "navigationStart" &&
      /^https?:/.test((e.args as { data?: { documentLoaderURL?: string } } | undefined)?.data?.documentLoaderURL ?? ""),
  );
  if (!loader) return Number.NaN;
  let total = 0;
  for (const e of events) {
    if (e.pid !== loader.pid || e.tid !== loader.tid) continue;
    if (e.name === "v8.compile" || e.name === "v8.compileModule") total += (e.dur ?? 0) / 1000;
  }
  return total;
}

function summarise(runs: Run[], errors: string[]): Medians {
  const metric = (id: string) => median(runs.map((r) => r.lhr.audits[id]?.numericValue ?? Number.NaN));
  return {
    scores: Object.fromEntries(
      categories.map((c) => [c, median(runs.map((r) => (r.lhr.categories[c]?.score ?? Number.NaN) * 100))]),
    ) as Record<CategoryId, number>,
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    compileMs: median(runs.map((r) => r.compileMs)),
    fcp: metric("first-contentful-paint"),
    runs: runs.length,
    errors,
  };
}

/** The run whose performance score is the median (ties: the median LCP). */
function medianRun(runs: Run[]): Run | undefined {
  const sorted = [...runs].sort(
    (a, b) =>
      (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0) ||
      (b.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0) -
        (a.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Audits of a category that did not pass, the heaviest first (weighted ones, then insights). */
function failingAudits(lhr: Result, category: CategoryId): { id: string; title: string; value?: string }[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        !["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit?.score ?? 0) - (b.audit?.score ?? 0))
    .slice(0, 10)
    .map(({ audit }) => ({
      id: audit?.id ?? "",
      title: audit?.title ?? "",
      ...(audit?.displayValue ? { value: audit.displayValue } : {}),
    }));
}

type Details = { type?: string; items?: unknown[]; selector?: string; snippet?: string };

/** The LCP element (CSS selector) and its subparts (TTFB, load delay, render delay…). */
function lcpBreakdown(lhr: Result): {
  lcpElement: string | null;
  lcpSubparts: Record<string, number>;
} {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as Details | undefined;
  let lcpElement: string | null = null;
  const lcpSubparts: Record<string, number> = {};
  for (const item of (details?.items ?? []) as Details[]) {
    if (item.type === "node") lcpElement = item.selector ?? item.snippet ?? null;
    if (item.type === "table") {
      for (const row of (item.items ?? []) as {
        label?: string;
        subpart?: string;
        duration?: number;
      }[]) {
        if (typeof row.duration === "number") lcpSubparts[row.label ?? row.subpart ?? "?"] = row.duration;
      }
    }
  }
  return { lcpElement, lcpSubparts };
}

type ChainNode = {
  url: string;
  transferSize?: number;
  isLongest?: boolean;
  children?: Record<string, ChainNode>;
};

/** The longest chain of dependent requests (network-dependency-tree-insight), with sizes. */
function criticalChain(lhr: Result): string[] {
  const details = lhr.audits["network-dependency-tree-insight"]?.details as Details | undefined;
  const section = (details?.items ?? []).find(
    (item) => (item as { value?: { type?: string } }).value?.type === "network-tree",
  ) as { value: { chains?: Record<string, ChainNode> } } | undefined;
  const chain: string[] = [];
  let level = section?.value.chains;
  while (level && Object.keys(level).length > 0) {
    const nodes = Object.values(level);
    const next = nodes.find((n) => n.isLongest) ?? nodes[0];
    if (!next) break;
    const url = new URL(next.url);
    chain.push(`${url.pathname}${url.search} (${((next.transferSize ?? 0) / 1000).toFixed(1)} kB)`);
    level = next.children;
  }
  return chain;
}

function score(lhr: Result, category: CategoryId): string {
  const s = lhr.categories[category]?.score;
  return s === null || s === undefined ? "–" : String(Math.round(s * 100));
}

// A median of an even number of runs can fall between two scores (99.5): shown as it is, not
// rounded up to a score it did not reach.
const fmtScore = (value: number) =>
  Number.isFinite(value) ? (Number.isInteger(value) ? String(value) : value.toFixed(1)) : "–";

function lighthouseVersion(runs: Map<string, Run[]>): string {
  return [...runs.values()].flat()[0]?.lhr.lighthouseVersion ?? "?";
}
