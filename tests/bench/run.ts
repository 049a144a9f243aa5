/**
 * The benchmark (docs/architecture.md §9, issue 3 "Speed"): `npm run bench` runs every section in order,
 * `npm run bench -- api` (or bundle, lighthouse, passwords, admin, runtimes, offline, admin-offline,
 * load, photos, start; several allowed) only those. It prints figures beside baselines measured in the same run and marks each target
 * "met" or "NOT met"; it never fails on a figure (exit 1 only when the bench itself broke). The
 * same figures are written to tests/bench/results/<timestamp>.json (git-ignored), Lighthouse
 * reports beside them.
 *
 * Options: --duration S and --warmup S (API and runtime load, default 10 and 2; the load mix: 60 s),
 * --connections N (50; the load mix: 100), --products N (api: 500; runtimes and load: 1,000), --runs N (Lighthouse runs per page and admin dashboard navigations in Chromium, 3;
 * admin-offline: rounds of 100 queued edits; start: first visits per page, 5),
 * --hashes N (password hashes per engine, 10), --rounds N (admin dashboard rounds, 20),
 * --rebuild (build dist/web and dist/worker first; by default only a missing build is built),
 * --pages KEY,KEY (Lighthouse: only these pages, by their results key, e.g. home,home-repeat; the
 * static baselines always run: a shorter A/B on a busy machine).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { ensureWebBuilt, ensureWorkerBuilt } from "./build.ts";
import { type AppReady, type ChildServer, startChild } from "./child.ts";
import { AbortedError, cleanupAll, installSignalHandlers, isAborting } from "./cleanup.ts";
import { benchDir, describeError, heading, mark, root, type SectionResult, type Target, table } from "./common.ts";

const sections = [
  "bundle",
  "api",
  "lighthouse",
  "passwords",
  "admin",
  "runtimes",
  "offline",
  "admin-offline",
  "load",
  "photos",
  "start",
] as const;
type Section = (typeof sections)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // No defaults here: the load section's differ (60 s, 100 connections); the others' are below.
    duration: { type: "string" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string" },
    // No default here: each section that seeds products has its own (api 500, runtimes 1,000).
    products: { type: "string" },
    // No default here: the start section's differs (5); the others' is 3.
    runs: { type: "string" },
    hashes: { type: "string", default: "10" },
    rounds: { type: "string", default: "20" },
    rebuild: { type: "boolean", default: false },
    pages: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log(
    "npm run bench [-- [bundle|api|lighthouse|passwords|admin|runtimes|offline|admin-offline|load|photos|start]… [--duration S] [--warmup S] [--connections N] [--products N] [--runs N] [--hashes N] [--rounds N] [--rebuild] [--pages KEY,KEY]]",
  );
  process.exit(0);
}

const wanted = positionals.length > 0 ? positionals : [...sections];
const unknown = wanted.filter((s) => !sections.includes(s as Section));
const numbers = {
  duration: Number(values.duration ?? "10"),
  warmup: Number(values.warmup),
  connections: Number(values.connections ?? "50"),
  products: values.products === undefined ? undefined : Number(values.products),
  runs: Number(values.runs ?? "3"),
  hashes: Number(values.hashes),
  rounds: Number(values.rounds),
};
const badNumber = Object.entries(numbers).find(
  ([k, v]) => v !== undefined && (!Number.isFinite(v) || v < (k === "warmup" ? 0 : 1)),
);
if (unknown.length > 0 || badNumber) {
  console.error(
    unknown.length > 0
      ? `Unknown section(s): ${unknown.join(", ")}. Sections: ${sections.join(", ")}.`
      : `--${badNumber?.[0]} must be a number${badNumber?.[0] === "warmup" ? " ≥ 0" : " ≥ 1"}.`,
  );
  process.exit(2);
}

installSignalHandlers();

const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
const resultsDir = join(benchDir, "results");
const reportDir = join(resultsDir, stamp);

// --rebuild builds once, before any section starts a server: a build in the middle of the run
// would change the files under a server already serving the older page (its shell would name
// chunks that are gone).
if (values.rebuild) {
  ensureWebBuilt(true);
  ensureWorkerBuilt(true);
}

/** The seeded shop (no extra products) that the bundle and Lighthouse sections share. */
let catalogue: Promise<ChildServer<AppReady>> | undefined;
const catalogueServer = () => {
  catalogue ??= startChild<AppReady>("app-server.ts", [], "app").then((server) => {
    console.log(`  (production server for the pages: ${server.info.url}, ${server.info.products} seeded products)`);
    return server;
  });
  return catalogue;
};

/** The same shop grown to 1,000 products (Lighthouse's `/products` at a real shop's size). */
let largeCatalogue: Promise<ChildServer<AppReady>> | undefined;
const largeCatalogueServer = () => {
  largeCatalogue ??= startChild<AppReady>("app-server.ts", ["--products", "1000"], "app-large");
  return largeCatalogue;
};

/** Each section, its module imported only when it runs (some load Playwright or Lighthouse). */
const runners: Record<Section, () => Promise<SectionResult>> = {
  bundle: async () => (await import("./bundle.ts")).bundleSection({ catalogueServer }),
  api: async () => (await import("./api.ts")).apiSection({ ...numbers, products: numbers.products ?? 500 }),
  admin: async () => (await import("./admin.ts")).adminSection(numbers),
  runtimes: async () => (await import("./runtimes.ts")).runtimesSection(numbers),
  passwords: async () => (await import("./passwords.ts")).passwordsSection(numbers),
  offline: async () => (await import("./offline.ts")).offlineSection(numbers),
  "admin-offline": async () => (await import("./admin-offline.ts")).adminOfflineSection(numbers),
  load: async () =>
    (await import("./load.ts")).loadSection({
      ...numbers,
      duration: values.duration === undefined ? 60 : numbers.duration,
      connections: values.connections === undefined ? 100 : numbers.connections,
    }),
  photos: async () => (await import("./photos.ts")).photosSection(),
  start: async () =>
    (await import("./start.ts")).startSection({
      runs: values.runs === undefined ? 5 : numbers.runs,
      catalogueServer,
    }),
  lighthouse: async () =>
    (await import("./lighthouse.ts")).lighthouseSection({
      runs: numbers.runs,
      pages: values.pages?.split(",").filter(Boolean),
      reportDir,
      catalogueServer,
      largeCatalogueServer,
    }),
};

const results: Record<string, unknown> = {
  startedAt: startedAt.toISOString(),
  node: process.version,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGB: +(totalmem() / 2 ** 30).toFixed(1),
    loadavg: loadavg(),
  },
  git: gitInfo(),
  options: { sections: wanted, ...numbers, rebuild: values.rebuild },
  sections: {} as Record<string, unknown>,
};
const allTargets: Target[] = [];
const broken: string[] = [];

console.log(
  `Benchmark: ${wanted.join(", ")} · Node ${process.version} · ${cpus().length} cores · load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
try {
  for (const section of wanted as Section[]) {
    if (isAborting()) break;
    heading(
      {
        bundle: "1. Bundle sizes",
        api: "2. API throughput",
        lighthouse: "3. Lighthouse",
        passwords: "4. Password hashing",
        admin: "5. Admin at scale",
        runtimes: "6. Node and Worker under load",
        offline: "7. The catalogue on the device",
        "admin-offline": "8. The administrator offline",
        load: "9. The shop under a mixed load",
        photos: "10. The admin's photos on the device",
        start: "11. The start in Chromium without DevTools",
      }[section],
    );
    const started = Date.now();
    try {
      const result = await runners[section]();
      (results.sections as Record<string, unknown>)[section] = {
        ...result.figures,
        seconds: (Date.now() - started) / 1000,
      };
      allTargets.push(...result.targets);
    } catch (error) {
      if (error instanceof AbortedError || isAborting()) break;
      broken.push(section);
      console.error(`\n  ✖ the ${section} section broke: ${describeError(error)}`);
      (results.sections as Record<string, unknown>)[section] = { error: describeError(error) };
    }
  }
} finally {
  await cleanupAll();
}

results.targets = allTargets;
heading("Summary");
if (allTargets.length > 0) {
  console.log(
    table(
      ["section", "target", "value", "goal", "status"],
      allTargets.map((t) => [t.section, t.name, t.value, t.target, mark(t.met)]),
    ),
  );
  const met = allTargets.filter((t) => t.met === true).length;
  console.log(`\n  ${met} of ${allTargets.length} targets met.`);
}
if (broken.length > 0) console.log(`  ✖ broken section(s): ${broken.join(", ")}`);
mkdirSync(resultsDir, { recursive: true });
const resultsFile = join(resultsDir, `${stamp}.json`);
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`  Figures written to ${relative(root, resultsFile)}`);
process.exit(broken.length > 0 ? 1 : 0);

function gitInfo(): { commit: string | null; changedFiles: number | null } {
  try {
    const commit = execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    const status = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" });
    return { commit, changedFiles: status.split("\n").filter(Boolean).length };
  } catch {
    return { commit: null, changedFiles: null };
  }
}
