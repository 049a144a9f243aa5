/**
 * A/B of two builds under Lighthouse: the project's rule for tricks that touch build output,
 * framework internals or load order (at least 10 runs per variant, alternating). Procedure:
 *
 *   npm run build && mkdir -p /tmp/ab/a && cp -r dist/web dist/ssr /tmp/ab/a/   # variant A
 *   (change the code)
 *   npm run build && mkdir -p /tmp/ab/b && cp -r dist/web dist/ssr /tmp/ab/b/   # variant B
 *   node tests/bench/ab.ts /tmp/ab/a /tmp/ab/b [--rounds 10] [--pages home,home-repeat]
 *
 * Each round copies A's build into dist/ and runs `npm run bench -- lighthouse --runs 1` (the
 * pages and the static baseline, one run each, same server settings), then the same with B.
 * Before each run it waits until no other benchmark is running (`pgrep -f tests/bench/run.ts`)
 * and notes the load average. dist/ is put back as it was at the end. It prints, per page and
 * variant, the median and the spread of performance, TBT and LCP, and whether the difference
 * of medians is beyond the noise: larger than the larger of the two interquartile ranges.
 * The per-run figures go to tests/bench/results/ab-<timestamp>.json.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { benchDir, root, table } from "./common.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  // --pages: only these pages (the bench's results keys) beside the static baselines, for a
  // quicker A/B that locates a change before the full one.
  options: { rounds: { type: "string", default: "10" }, pages: { type: "string" } },
});
const rounds = Number(values.rounds);
const [dirA, dirB] = positionals.map((p) => resolve(p));
if (!dirA || !dirB || !Number.isInteger(rounds) || rounds < 1) {
  console.error("node tests/bench/ab.ts <build A> <build B> [--rounds N]  (each build: a folder with web/ and ssr/)");
  process.exit(2);
}
for (const dir of [dirA, dirB]) {
  if (!existsSync(join(dir, "web/index.html")) || !existsSync(join(dir, "ssr/entry-server.js")))
    throw new Error(`${dir} holds no build (web/index.html and ssr/entry-server.js)`);
}

type PageFigures = { scores: { performance: number }; tbt: number; lcp: number };
type Run = { variant: "A" | "B"; round: number; load: number[]; pages: Record<string, PageFigures> };

// The Turkish pages too (issue 40): the band holds for both languages.
const firstViews = ["home", "products", "home-tr", "products-tr", "product", "products-large"] as const;
// The repeat views too: the service worker answers them, and a change can move them alone.
const allPages = ["static", ...firstViews, "static-repeat", ...firstViews.map((page) => `${page}-repeat`)];
const only = values.pages?.split(",").filter(Boolean);
const pages = only ? allPages.filter((page) => page.startsWith("static") || only.includes(page)) : allPages;
const firstLabels: Record<string, string> = {
  static: "static /",
  home: "/",
  products: "/products",
  "home-tr": "/tr",
  "products-tr": "/tr/products",
  product: "/products/:id",
  "products-large": "/products (1,000)",
};
const labels: Record<string, string> = {
  ...firstLabels,
  ...Object.fromEntries(["static", ...firstViews].map((page) => [`${page}-repeat`, `${firstLabels[page]}, repeat`])),
};
const dist = join(root, "dist");

function installBuild(dir: string): void {
  for (const part of ["web", "ssr"]) {
    rmSync(join(dist, part), { recursive: true, force: true });
    cpSync(join(dir, part), join(dist, part), { recursive: true });
  }
}

function otherBenchmarks(): string[] {
  try {
    return execFileSync("pgrep", ["-f", "tests/bench/run.ts"], { encoding: "utf8" }).split("\n").filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function waitForQuietMachine(): Promise<void> {
  for (let waited = 0; otherBenchmarks().length > 0; waited += 30) {
    if (waited % 300 === 0) console.log(`  another benchmark is running (${otherBenchmarks().join(", ")}): waiting`);
    await new Promise((done) => setTimeout(done, 30_000));
  }
}

/** One `bench lighthouse --runs 1`; resolves with the figures it wrote. */
function lighthouseOnce(): Promise<Record<string, PageFigures>> {
  return new Promise((resolvePage, reject) => {
    const args = [join(benchDir, "run.ts"), "lighthouse", "--runs", "1", ...(only ? ["--pages", only.join(",")] : [])];
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      for (const line of chunk.split("\n"))
        if (/^\s+run 1\/1 /.test(line)) process.stdout.write(`    ${line.trim()}\n`);
    });
    child.on("close", (code) => {
      const file = /Figures written to (\S+)/.exec(out)?.[1];
      if (code !== 0 || !file) return reject(new Error(`the bench exited ${code}:\n${out.slice(-2000)}`));
      const results = JSON.parse(readFileSync(join(root, file), "utf8"));
      resolvePage(results.sections.lighthouse.pages);
    });
  });
}

const backup = mkdtempSync(join(tmpdir(), "ab-dist-"));
const hadBuild = existsSync(join(dist, "web")) && existsSync(join(dist, "ssr"));
if (hadBuild) for (const part of ["web", "ssr"]) cpSync(join(dist, part), join(backup, part), { recursive: true });

const runs: Run[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    for (const [variant, dir] of [
      ["A", dirA],
      ["B", dirB],
    ] as const) {
      await waitForQuietMachine();
      const load = loadavg().map((l) => +l.toFixed(2));
      console.log(`round ${round}/${rounds}, variant ${variant} (load ${load.join(" ")})`);
      installBuild(dir);
      runs.push({ variant, round, load, pages: await lighthouseOnce() });
    }
  }
} finally {
  if (hadBuild) installBuild(backup);
  rmSync(backup, { recursive: true, force: true });
}

/** Quantile by linear interpolation between the sorted values. */
function quantile(values: number[], q: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] as number;
  const high = sorted[Math.ceil(at)] as number;
  return low + (high - low) * (at - Math.floor(at));
}

type Spread = { median: number; q1: number; q3: number; min: number; max: number };
const spread = (values: number[]): Spread => ({
  median: quantile(values, 0.5),
  q1: quantile(values, 0.25),
  q3: quantile(values, 0.75),
  min: quantile(values, 0),
  max: quantile(values, 1),
});
const n = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const show = (s: Spread) => `${n(s.median)} (IQR ${n(s.q1)}–${n(s.q3)}, ${n(s.min)}–${n(s.max)})`;

const metrics = [
  ["perf", (p: PageFigures) => p.scores.performance],
  ["TBT ms", (p: PageFigures) => p.tbt],
  ["LCP ms", (p: PageFigures) => p.lcp],
] as const;
const rows: string[][] = [];
const summary: Record<
  string,
  Record<string, { A: Spread; B: Spread; beyondNoise: boolean; bLowerInRounds: number; rounds: number }>
> = {};
for (const page of pages) {
  summary[page] = {};
  for (const [name, value] of metrics) {
    const of = (variant: "A" | "B") =>
      spread(
        runs.filter((r) => r.variant === variant && r.pages[page]).map((r) => value(r.pages[page] as PageFigures)),
      );
    const a = of("A");
    const b = of("B");
    const difference = b.median - a.median;
    // Rounds where both variants measured the page, and in how many of them B's figure was lower.
    const paired = runs
      .filter((r) => r.variant === "A" && r.pages[page])
      .flatMap((r): [number, number][] => {
        const other = runs.find((o) => o.variant === "B" && o.round === r.round && o.pages[page]);
        return other ? [[value(r.pages[page] as PageFigures), value(other.pages[page] as PageFigures)]] : [];
      });
    const bLower = paired.filter(([inA, inB]) => inB < inA).length;
    const noise = Math.max(a.q3 - a.q1, b.q3 - b.q1);
    const beyondNoise = Math.abs(difference) > noise;
    summary[page][name] = { A: a, B: b, beyondNoise, bLowerInRounds: bLower, rounds: paired.length };
    rows.push([
      labels[page] ?? page,
      name,
      show(a),
      show(b),
      `${difference > 0 ? "+" : ""}${n(difference)}`,
      `${bLower} of ${paired.length}`,
      beyondNoise ? "beyond noise" : "within noise",
    ]);
  }
}
const loads = runs.map((r) => r.load[0] ?? Number.NaN);
console.log(
  `\nA: ${dirA}\nB: ${dirB}\n${rounds} alternating rounds (A then B), 1 Lighthouse run per page per variant each; ` +
    `1-minute load average at the start of each run: median ${n(quantile(loads, 0.5))}, ${n(quantile(loads, 0))}–${n(quantile(loads, 1))}`,
);
console.log(
  table(["page", "metric", "A median (IQR, min–max)", "B median (IQR, min–max)", "B − A", "B lower", "verdict"], rows),
);
console.log(
  "  B lower: the rounds in which B's figure was below A's (for perf, higher is better)\n" +
    "  verdict: beyond noise when |B − A| of the medians exceeds the larger of the two interquartile ranges",
);

const resultsDir = join(benchDir, "results");
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `ab-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify({ a: dirA, b: dirB, rounds, runs, summary }, null, 2)}\n`);
console.log(`  Per-run figures written to ${file}`);
