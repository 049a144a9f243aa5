/**
 * Section 11: the app's start as a phone's Chromium runs it, with no DevTools domain attached
 * (ADR 0112). Lighthouse keeps the debugger on for every load (ADR 0101): it reads code caches on
 * the main thread, and it hid React DOM's re-parse that ADR 0111 removed. Here each page is a
 * first visit in a fresh phone context at 4× CPU (CDP's `Emulation.setCPUThrottlingRate`, the
 * only DevTools call), pages taking turns each round, and the figures are the page's own:
 * `first-contentful-paint`, `largest-contentful-paint`, `longtask` entries and Long Animation
 * Frames' scripts, and when `<html data-app="ready">` is set. Beside them, the static page
 * (static-page.ts) measured the same way. Figures only: the band is Lighthouse's (ADR 0042).
 */
import type { Browser } from "playwright-core";
import { phoneContext, withChromium } from "./browser.ts";
import { ensureWebBuilt } from "./build.ts";
import type { AppReady, ChildServer } from "./child.ts";
import { checkAborted } from "./cleanup.ts";
import { median, ms, type SectionResult, table } from "./common.ts";
import { writeStaticPage } from "./static-page.ts";

export type StartOptions = {
  /** First visits per page. */
  runs: number;
  catalogueServer: () => Promise<ChildServer<AppReady>>;
};

/** What one first visit recorded, in milliseconds since the navigation started. */
type Load = {
  fcp: number;
  lcp: number;
  /** Each long task's time over 50 ms, summed over the tasks that start after the first paint. */
  blocking: number;
  longestTask: number;
  ready: number;
  /** Script time inside long animation frames after the first paint, by file ("client.js") or invoker. */
  scripts: Record<string, number>;
};

/** How long a page is watched after it is ready: the work its start leaves for idle time. */
const settleMs = 3_000;
const cpuSlowdown = 4;

export async function startSection(options: StartOptions): Promise<SectionResult> {
  ensureWebBuilt();
  const server = await options.catalogueServer();
  const base = server.info.url;
  const staticPage = await writeStaticPage(base);
  const first = staticPage.products[0];
  try {
    const pages = [
      { key: "static", label: "static / (baseline)", path: staticPage.path, app: false },
      { key: "home", label: "/", path: "/", app: true },
      { key: "products", label: "/products", path: "/products", app: true },
      ...(first ? [{ key: "product", label: `/products/${first.id}`, path: `/products/${first.id}`, app: true }] : []),
      { key: "home-tr", label: "/tr", path: "/tr", app: true },
      { key: "products-tr", label: "/tr/products", path: "/tr/products", app: true },
    ];
    const loads = new Map<string, Load[]>(pages.map((p) => [p.key, []]));
    await withChromium(async (browser) => {
      for (let round = 1; round <= options.runs; round++) {
        process.stdout.write(`  round ${round}/${options.runs} `);
        for (const page of pages) {
          checkAborted();
          loads.get(page.key)?.push(await firstVisit(browser, base, page.path, page.app));
          process.stdout.write(".");
        }
        console.log();
      }
    });

    const figures = Object.fromEntries(
      pages.map((p) => {
        const of = loads.get(p.key) ?? [];
        const at = (pick: (l: Load) => number) => median(of.map(pick));
        const files = new Set(of.flatMap((l) => Object.keys(l.scripts)));
        const scripts = Object.fromEntries(
          [...files]
            .map((file) => [file, at((l) => l.scripts[file] ?? 0)] as const)
            .filter(([, time]) => time > 0)
            .sort((a, b) => b[1] - a[1]),
        );
        const summary = {
          path: p.path,
          fcp: at((l) => l.fcp),
          lcp: at((l) => l.lcp),
          blocking: at((l) => l.blocking),
          longestTask: at((l) => l.longestTask),
          ready: p.app ? at((l) => l.ready) : Number.NaN,
          scripts,
          loads: of.length,
        };
        return [p.key, summary];
      }),
    );

    console.log(
      `\nChromium without DevTools, phone viewport, ${cpuSlowdown}× CPU, no network throttling; median of ${options.runs} first visit(s) per page`,
    );
    console.log(
      table(
        ["page", "FCP", "LCP", "blocking after FCP", "longest task", "app ready", "longest scripts after FCP (LoAF)"],
        pages.map((p) => {
          const f = figures[p.key] as (typeof figures)[string];
          const top = Object.entries(f.scripts)
            .slice(0, 3)
            .map(([file, time]) => `${file} ${ms(time)}`);
          return [p.label, ms(f.fcp), ms(f.lcp), ms(f.blocking), ms(f.longestTask), ms(f.ready), top.join(", ") || "–"];
        }),
      ),
    );
    console.log(
      "  blocking: each long task's time over 50 ms after the first paint, as TBT counts it, from the page's own " +
        "`longtask` entries; no target (the band is Lighthouse's, ADR 0042; this is what it leaves out, ADR 0112)",
    );
    return { figures: { cpuSlowdown, settleMs, runsPerPage: options.runs, pages: figures }, targets: [] };
  } finally {
    await staticPage.remove();
  }
}

async function firstVisit(browser: Browser, base: string, path: string, app: boolean): Promise<Load> {
  const context = await phoneContext(browser, base);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchTheStart);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(path, { waitUntil: "load" });
    if (app) {
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready", undefined, {
        timeout: 60_000,
      });
    }
    await page.waitForTimeout(settleMs);
    const seen = await page.evaluate(() => (window as unknown as { __benchStart: Watched }).__benchStart);
    const fcp = seen.fcp;
    const after = seen.longTasks.filter((t) => t.start >= fcp);
    const scripts: Record<string, number> = {};
    for (const frame of seen.frames.filter((f) => f.start >= fcp)) {
      for (const s of frame.scripts) {
        // "client-DJVOvJdl.js" → "client.js": the same part from build to build. A callback with no
        // script of its own (a resolved promise, a message) is named by what invoked it.
        const file = s.url ? (s.url.split("/").pop() ?? s.url).replace(/-[\w-]{8}\.js$/, ".js") : s.invoker;
        scripts[file] = (scripts[file] ?? 0) + s.duration;
      }
    }
    return {
      fcp,
      lcp: seen.lcp,
      blocking: after.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      longestTask: Math.max(0, ...after.map((t) => t.duration)),
      ready: seen.ready,
      scripts,
    };
  } finally {
    await context.close();
  }
}

type Watched = {
  fcp: number;
  lcp: number;
  ready: number;
  longTasks: { start: number; duration: number }[];
  frames: { start: number; scripts: { url: string; invoker: string; duration: number }[] }[];
};

/** Runs in the page before its own scripts: collects what `Load` is made of. */
function watchTheStart(): void {
  const seen: Watched = { fcp: Number.NaN, lcp: Number.NaN, ready: Number.NaN, longTasks: [], frames: [] };
  (window as unknown as { __benchStart: Watched }).__benchStart = seen;
  const observe = (type: string, each: (entry: PerformanceEntry) => void) =>
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
  observe("paint", (e) => {
    if (e.name === "first-contentful-paint") seen.fcp = e.startTime;
  });
  observe("largest-contentful-paint", (e) => {
    seen.lcp = e.startTime;
  });
  observe("longtask", (e) => seen.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe("long-animation-frame", (e) => {
    type Script = { sourceURL: string; invoker: string; duration: number };
    const scripts = (e as PerformanceEntry & { scripts: Script[] }).scripts;
    seen.frames.push({
      start: e.startTime,
      scripts: scripts.map((s) => ({ url: s.sourceURL, invoker: s.invoker, duration: s.duration })),
    });
  });
  document.addEventListener("DOMContentLoaded", () => {
    const html = document.documentElement;
    const check = () => {
      if (html.dataset.app === "ready" && Number.isNaN(seen.ready)) seen.ready = performance.now();
    };
    new MutationObserver(check).observe(html, { attributes: true, attributeFilter: ["data-app"] });
    check();
  });
}
