/**
 * Section 2: API throughput. `GET /api/products` with 500 products on the real Node server
 * (production mode, fresh database) under autocannon, beside a bare `node:http` server sending
 * the same bytes, measured the same way in the same run.
 *
 * Where things run, on a 2-core machine: each server is its own child process (one core for
 * its event loop) and autocannon runs here in the bench process, which does nothing else while
 * it measures (the other core). A separate load-generator process would give the same split
 * at the cost of one more Node start-up; autocannon's worker-thread mode would take cores from
 * the server under test, so it is not used. The two servers are measured one after the other,
 * never at the same time, each after a warm-up (JIT, connection set-up, SQLite page cache).
 * Requests carry no Accept-Encoding (autocannon's default), so both send identity bodies.
 * Then, on the same app server, `POST /api/events` beside `GET /api/health` (issue 31).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { type AppReady, type ReadyLine, startChild } from "./child.ts";
import { defer } from "./cleanup.ts";
import { kB, loadFigures, mark, type SectionResult, type Target, table } from "./common.ts";

export type ApiOptions = {
  duration: number;
  warmup: number;
  connections: number;
  products: number;
};

const path = "/api/products";

export async function apiSection(options: ApiOptions): Promise<SectionResult> {
  const { duration, warmup, connections } = options;
  console.log(`\nStarting the real server with ${options.products} products and the node:http baseline…`);
  const app = await startChild<AppReady>("app-server.ts", ["--products", String(options.products)], "app");
  try {
    // autocannon connects to 127.0.0.1 directly ("localhost" may try ::1 first).
    const appUrl = `http://127.0.0.1:${app.info.port}${path}`;
    // The bytes autocannon gets: it sends no Accept-Encoding, so ask for the identity encoding
    // (fetch would otherwise ask for gzip/br and decode it).
    const response = await fetch(appUrl, { headers: { "accept-encoding": "identity" } });
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const count = (JSON.parse(new TextDecoder().decode(body)) as unknown[]).length;
    const contentType = response.headers.get("content-type") ?? "application/json";
    const etag = response.headers.get("etag") ?? "";
    const headerBytes = [...response.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);

    const dir = mkdtempSync(join(tmpdir(), "wellness-bench-body-"));
    const removeDir = defer("baseline body", () => rmSync(dir, { recursive: true, force: true }));
    const bodyFile = join(dir, "products.json");
    writeFileSync(bodyFile, body);
    const baseline = await startChild<ReadyLine>(
      "baseline-server.ts",
      ["--body", bodyFile, "--path", path, "--content-type", contentType, "--etag", etag],
      "baseline",
    );
    try {
      const baselineUrl = `${baseline.info.url}${path}`;
      const check = new Uint8Array(
        await (await fetch(baselineUrl, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
      );
      if (Buffer.compare(check, body) !== 0) throw new Error("the baseline does not send the same bytes");

      console.log(
        `  ${path}: ${count} products, ${kB(body.byteLength)} body (${kB(headerBytes)} of headers from the app), ` +
          `ETag ${etag ? "yes" : "no"}, Content-Encoding ${response.headers.get("content-encoding") ?? "none"}`,
      );
      console.log(`  ${connections} connections, ${warmup} s warm-up + ${duration} s each, one server at a time`);

      if (warmup > 0) {
        await load(baselineUrl, connections, warmup);
        await load(appUrl, connections, warmup);
      }
      process.stdout.write("  measuring the baseline… ");
      const base = await load(baselineUrl, connections, duration);
      process.stdout.write("the app… ");
      const real = await load(appUrl, connections, duration);
      console.log("done\n");

      const row = (name: string, r: autocannon.Result) => {
        const [rate, p50, p99, requests, failed] = figures(r);
        const bytes = kB(r.requests.total ? r.throughput.total / r.requests.total : 0);
        return [name, rate, p50, p99, bytes, `${(r.throughput.average / 1e6).toFixed(1)} MB/s`, requests, failed];
      };
      console.log(
        table(
          ["server", "req/s", "p50", "p99", "bytes/resp", "throughput", "requests", "errors/non-2xx"],
          [row("node:http baseline (same bytes)", base), row("app (Hono + libSQL)", real)],
        ),
      );
      const ratio = base.requests.average > 0 ? real.requests.average / base.requests.average : Number.NaN;
      const broken = real.non2xx + real.errors + real.timeouts > 0;
      const targets: Target[] = [
        {
          section: "api",
          name: `GET ${path} throughput vs baseline`,
          value: `${ratio.toFixed(2)}× (${real.requests.average.toFixed(0)} / ${base.requests.average.toFixed(0)} req/s)`,
          target: "≥ 0.50×",
          met: Number.isFinite(ratio) && !broken ? ratio >= 0.5 : null,
        },
      ];
      if (broken)
        console.log(`  ⚠ the app answered ${real.non2xx} non-2xx, ${real.errors} errors, ${real.timeouts} timeouts`);
      console.log(
        `\n  app/baseline throughput: ${ratio.toFixed(2)}× (target ≥ 0.5×: ${mark(targets[0]?.met ?? null)})`,
      );
      console.log(`  app p99 latency: ${real.latency.p99} ms vs ${base.latency.p99} ms for the baseline`);

      // Issue 31: POST /api/events beside GET /api/health on the same server, in the same run.
      // The events cycle over every product and both kinds, so the run counts events (one upsert
      // each) until each (product, kind) reaches the per-address bound, then is answered past it
      // (autocannon is one address); both paths write.
      const ids = (JSON.parse(new TextDecoder().decode(body)) as { id: number }[]).map((p) => p.id);
      const eventsMeasured = await measureEvents(
        `http://127.0.0.1:${app.info.port}`,
        ids,
        connections,
        duration,
        warmup,
      );
      targets.push(eventsMeasured.target);

      return {
        figures: {
          products: count,
          bodyBytes: body.byteLength,
          connections,
          durationSeconds: duration,
          warmupSeconds: warmup,
          baseline: loadFigures(base),
          app: loadFigures(real),
          ratio,
          events: {
            health: loadFigures(eventsMeasured.health),
            events: loadFigures(eventsMeasured.events),
            ratio: eventsMeasured.ratio,
          },
        },
        targets,
      };
    } finally {
      await baseline.stop();
      await removeDir();
    }
  } finally {
    await app.stop();
  }
}

function load(
  url: string,
  connections: number,
  duration: number,
  more: Partial<autocannon.Options> = {},
): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, pipelining: 1, timeout: 10, ...more });
}

/** `POST /api/events` vs `GET /api/health` on the app, one after the other (target ≥ 0.5×). */
async function measureEvents(
  origin: string,
  productIds: number[],
  connections: number,
  duration: number,
  warmup: number,
): Promise<{ health: autocannon.Result; events: autocannon.Result; ratio: number; target: Target }> {
  let next = 0;
  const kinds = ["view", "shop_visit"] as const;
  const events: Partial<autocannon.Options> = {
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => {
          const n = next++;
          const product_id = productIds[n % productIds.length];
          const kind = kinds[Math.floor(n / productIds.length) % 2];
          return { ...request, body: JSON.stringify({ product_id, kind }) };
        },
      },
    ],
  };
  const first = await fetch(`${origin}/api/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ product_id: productIds[0], kind: "view" }),
  });
  if (first.status !== 202) throw new Error(`POST /api/events answered ${first.status}`);
  if (warmup > 0) {
    await load(`${origin}/api/health`, connections, warmup);
    await load(`${origin}/api/events`, connections, warmup, events);
  }
  process.stdout.write("  measuring GET /api/health… ");
  const health = await load(`${origin}/api/health`, connections, duration);
  process.stdout.write("POST /api/events… ");
  const measured = await load(`${origin}/api/events`, connections, duration, events);
  console.log("done\n");
  const row = (name: string, r: autocannon.Result) => [name, ...figures(r)];
  console.log(
    table(
      ["route", "req/s", "p50", "p99", "requests", "errors/non-2xx"],
      [row("GET /api/health", health), row("POST /api/events", measured)],
    ),
  );
  const ratio = health.requests.average > 0 ? measured.requests.average / health.requests.average : Number.NaN;
  const broken = measured.non2xx + measured.errors + measured.timeouts > 0;
  if (broken)
    console.log(`  ⚠ events: ${measured.non2xx} non-2xx, ${measured.errors} errors, ${measured.timeouts} timeouts`);
  const target: Target = {
    section: "api",
    name: "POST /api/events throughput vs GET /api/health",
    value: `${ratio.toFixed(2)}× (${measured.requests.average.toFixed(0)} / ${health.requests.average.toFixed(0)} req/s)`,
    target: "≥ 0.50×",
    met: Number.isFinite(ratio) && !broken ? ratio >= 0.5 : null,
  };
  console.log(`  events/health throughput: ${ratio.toFixed(2)}× (target ≥ 0.5×: ${mark(target.met)})`);
  return { health, events: measured, ratio, target };
}

/** A run's figures as the tables print them: req/s, p50, p99, requests, errors and non-2xx. */
function figures(r: autocannon.Result): [string, string, string, string, string] {
  return [
    r.requests.average.toFixed(0),
    `${r.latency.p50} ms`,
    `${r.latency.p99} ms`,
    String(r.requests.total),
    String(r.non2xx + r.errors + r.timeouts),
  ];
}
