/**
 * Section 6: the two runtimes under the same load (issue 9). `GET /api/products` and `GET
 * /products` (the server-rendered page) on the Node server (app-server.ts, production mode) and
 * on the built Worker in workerd (worker-server.ts, production settings, the database over the
 * local Turso-protocol endpoint), each with the same catalogue (1,000 products unless
 * `--products` says otherwise), under autocannon with `--connections` connections (50). The
 * API's figure on the same runtime, measured in the same run, is the page's baseline: target
 * `/products` ≥ 0.5× `/api/products` on each runtime. The Node server's resident memory is read
 * before any load and after it.
 *
 * Each server is its own child process and autocannon runs here, one measurement at a time,
 * after a warm-up of every path on both servers. The Worker's figures include its database
 * round trip to the endpoint (another process on the same cores), as a Worker's include its
 * round trip to Turso; the Node server reads its file in process.
 */
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { ensureWebBuilt, ensureWorkerBuilt, warnIfStale } from "./build.ts";
import { type ChildServer, type ReadyLine, startChild } from "./child.ts";
import { kB, loadFigures, mark, type SectionResult, type Target, table, workerDist } from "./common.ts";

export type RuntimesOptions = {
  duration: number;
  warmup: number;
  connections: number;
  /** Products in each catalogue; undefined: 1,000. */
  products: number | undefined;
};

const paths = ["/api/products", "/products"] as const;
type Path = (typeof paths)[number];
const runtimes = ["Node", "Worker (workerd)"] as const;
/** What app-server.ts and worker-server.ts both announce. */
type ShopReady = ReadyLine & { products: number };
type Runtime = (typeof runtimes)[number];

/** The ratio issue 9 asks for: a page from its render per catalogue version vs the API. */
const pageToApiGoal = 0.5;

/** Resident set size of a process in MB (1 MB = 10^6 bytes), from `ps` (Linux and macOS). */
function rssMB(pid: number): number {
  const kib = Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim());
  return (kib * 1024) / 1e6;
}

export async function runtimesSection(options: RuntimesOptions): Promise<SectionResult> {
  const { duration, warmup, connections } = options;
  const products = options.products ?? 1000;
  ensureWebBuilt();
  ensureWorkerBuilt();
  // The bundle includes the server renderer (dist/ssr): a newer renderer means an older bundle.
  warnIfStale(["worker", "drizzle/seed", "dist/ssr"], join(workerDist, "worker.js"), "npm run build:worker");

  console.log(`\nStarting the Node server and the Worker, each over a fresh database with ${products} products…`);
  const servers = {} as Record<Runtime, ChildServer<ShopReady>>;
  try {
    servers.Node = await startChild<ShopReady>("app-server.ts", ["--products", String(products)], "node");
    servers["Worker (workerd)"] = await startChild<ShopReady>(
      "worker-server.ts",
      ["--products", String(products)],
      "worker",
    );
    // autocannon connects to 127.0.0.1 directly ("localhost" may try ::1 first).
    const url = (runtime: Runtime, path: Path) => `http://127.0.0.1:${servers[runtime].info.port}${path}`;

    // What each answer weighs, without Accept-Encoding as autocannon sends it.
    for (const runtime of runtimes) {
      const parts: string[] = [];
      for (const path of paths) {
        const res = await fetch(url(runtime, path), { headers: { "accept-encoding": "identity" } });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`${runtime} ${path} answered ${res.status}`);
        parts.push(`${path} ${kB(bytes)}`);
      }
      console.log(`  ${runtime}: ${servers[runtime].info.products} products; ${parts.join(", ")}`);
    }

    const rssBefore = rssMB(servers.Node.pid);
    console.log(
      `  ${connections} connections, ${warmup} s warm-up of every path + ${duration} s each, one at a time; ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
    if (warmup > 0) {
      for (const runtime of runtimes) for (const path of paths) await load(url(runtime, path), connections, warmup);
    }
    const results = {} as Record<Runtime, Record<Path, autocannon.Result>>;
    process.stdout.write("  measuring");
    // A runtime's two paths one right after the other: their ratio is the target.
    for (const runtime of runtimes) {
      results[runtime] = {} as Record<Path, autocannon.Result>;
      for (const path of paths) {
        process.stdout.write(` · ${runtime} ${path}`);
        results[runtime][path] = await load(url(runtime, path), connections, duration);
      }
    }
    const loadAfter = loadavg();
    console.log(" · done\n");
    const rssAfter = rssMB(servers.Node.pid);

    const failures = (r: autocannon.Result) => r.non2xx + r.errors + r.timeouts;
    console.log(
      table(
        ["runtime", "path", "req/s", "p50", "p99", "bytes/resp", "requests", "errors/non-2xx"],
        runtimes.flatMap((runtime) =>
          paths.map((path) => {
            const r = results[runtime][path];
            return [
              runtime,
              path,
              r.requests.average.toFixed(0),
              `${r.latency.p50} ms`,
              `${r.latency.p99} ms`,
              kB(r.requests.total ? r.throughput.total / r.requests.total : 0),
              String(r.requests.total),
              String(failures(r)),
            ];
          }),
        ),
      ),
    );

    const targets: Target[] = runtimes.map((runtime) => {
      const api = results[runtime]["/api/products"];
      const page = results[runtime]["/products"];
      const ratio = api.requests.average > 0 ? page.requests.average / api.requests.average : Number.NaN;
      const broken = failures(api) + failures(page) > 0;
      return {
        section: "runtimes",
        name: `${runtime}: /products ÷ /api/products throughput`,
        value: `${ratio.toFixed(2)}× (${page.requests.average.toFixed(0)} / ${api.requests.average.toFixed(0)} req/s)`,
        target: `≥ ${pageToApiGoal.toFixed(2)}×`,
        met: Number.isFinite(ratio) && !broken ? ratio >= pageToApiGoal : null,
      };
    });
    console.log("");
    for (const t of targets) console.log(`  ${t.name}: ${t.value} (target ${t.target}: ${mark(t.met)})`);
    for (const runtime of runtimes) {
      for (const path of paths) {
        const r = results[runtime][path];
        if (failures(r) > 0)
          console.log(`  ⚠ ${runtime} ${path}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      }
    }
    console.log(`  Node server RSS: ${rssBefore.toFixed(0)} MB before the load, ${rssAfter.toFixed(0)} MB after`);
    // On a shared machine other work shifts these figures: the load says how much there was.
    console.log(`  load average after the measurements: ${loadAfter.map((l) => l.toFixed(2)).join(" ")}`);

    return {
      figures: {
        products,
        connections,
        durationSeconds: duration,
        warmupSeconds: warmup,
        runtimes: Object.fromEntries(
          runtimes.map((runtime) => [
            runtime,
            Object.fromEntries(paths.map((path) => [path, loadFigures(results[runtime][path])])),
          ]),
        ),
        nodeRssMB: { before: rssBefore, after: rssAfter },
        loadAverageAfter: loadAfter,
      },
      targets,
    };
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

function load(url: string, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, pipelining: 1, timeout: 10 });
}
