/**
 * Section 9: the shop under a mixed load, on both runtimes in one run (issue 29, "Load"). The
 * production Node server (app-server.ts) and the built Worker in workerd (worker-server.ts), each
 * over a fresh database with the same catalogue (1,000 products unless `--products` says
 * otherwise) and 20 confirmed members, started with sign-in limits high enough that the mix
 * never meets a 429 (every other setting as in production).
 *
 * The mix: `--connections` connections (100) for `--duration` seconds (60), shared among the
 * routes below by their weights, each route its own autocannon instance so that each has its own
 * latencies; all of them run at once, after a `--warmup` (2 s) of the same mix. A connection
 * sends its next request when the last one is answered, so a slow route (a sign-in hashes with
 * argon2id) sends fewer requests than its share of connections. Every answer that is not 2xx or
 * 3xx, every socket error and every timeout (10 s) is an error. Target: 0 errors per runtime.
 *
 * Node's memory: the server's resident set (VmRSS in /proc/<pid>/status, `ps` elsewhere) before
 * the warm-up, every 10 s during the mix, and 5 s after it. The server has no memory endpoint
 * outside development and none is added, so the heap is not read. Target, a plateau: neither the
 * last sample during the mix nor the one after it above 1.2× the median of the samples during it.
 *
 * The sign-in storm, on each runtime after its mix: `GET /api/products` alone on 10 connections
 * for min(20, `--duration`) s, then the same while 20 more connections send nothing but
 * password sign-ins (argon2id on every one). Target: its p99 during the storm at most 3× its p99
 * alone, measured in the same run.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { ensureWebBuilt, ensureWorkerBuilt } from "./build.ts";
import { type ChildServer, type ReadyLine, startChild } from "./child.ts";
import { mark, median, type SectionResult, type Target, table } from "./common.ts";

export type LoadOptions = {
  duration: number;
  warmup: number;
  connections: number;
  /** Products in each catalogue; undefined: 1,000. */
  products: number | undefined;
};

type ShopReady = ReadyLine & { products: number; members: number };
const runtimes = ["Node", "Worker (workerd)"] as const;
type Runtime = (typeof runtimes)[number];

/** The members each server seeds (member.<n>@bench.test) and the password they share. */
const members = 20;
const memberPassword = "bench-member-password";
/** Each server's administrator: app-server.ts's settings, and tests/worker/harness.ts's testAdmin. */
const admins: Record<Runtime, { email: string; password: string }> = {
  Node: { email: "admin@bench.test", password: "bench-admin-password" },
  "Worker (workerd)": { email: "admin@example.com", password: "admin-password-123" },
};
/** Far above what the mix sends in 15 minutes (the sign-in window), so no sign-in meets a 429. */
const highLimits = ["SIGNIN_LIMIT_PER_IP", "SIGNIN_LIMIT_PER_ACCOUNT"].flatMap((name) => ["--set", `${name}=1000000`]);

const goals = { errors: 0, memoryGrowth: 1.2, stormRatio: 3 };
const storm = { catalogueConnections: 10, signInConnections: 20, maxSeconds: 20 };
const memoryEverySeconds = 10;

/** What a route needs to build its requests: one product, the members' and the admin's tokens. */
type Fixtures = {
  productIds: number[];
  productInput: (id: number) => Record<string, unknown>;
  memberTokens: string[];
  adminToken: string;
};

type Route = { name: string; weight: number; request(f: Fixtures): autocannon.Request };

let counter = 0;
const next = () => counter++;
const json = { "content-type": "application/json" };
const pick = <T>(list: T[]) => list[next() % list.length] as T;
const signIn = (): autocannon.Request => ({
  method: "POST",
  path: "/api/auth/token?grant_type=password",
  headers: json,
  setupRequest: (req) => ({
    ...req,
    body: JSON.stringify({ email: `member.${next() % members}@bench.test`, password: memberPassword }),
  }),
});

/** A GET of one product's address, a different product each request (autocannon sets the path). */
const getAProduct =
  (address: (id: number) => string) =>
  (f: Fixtures): autocannon.Request => ({
    method: "GET",
    path: "/",
    setupRequest: (req) => ({ ...req, path: address(pick(f.productIds)) }),
  });

/** The mix, by share of the connections (out of 100). */
const mix: Route[] = [
  { name: "GET /", weight: 10, request: () => ({ method: "GET", path: "/" }) },
  { name: "GET /products", weight: 15, request: () => ({ method: "GET", path: "/products" }) },
  { name: "GET /products/:id", weight: 15, request: getAProduct((id) => `/products/${id}`) },
  { name: "GET /api/products", weight: 20, request: () => ({ method: "GET", path: "/api/products" }) },
  { name: "GET /api/categories", weight: 10, request: () => ({ method: "GET", path: "/api/categories" }) },
  { name: "GET /api/products/:id", weight: 13, request: getAProduct((id) => `/api/products/${id}`) },
  { name: "POST /api/auth/token (sign-in)", weight: 7, request: signIn },
  {
    name: "GET /api/user/profile",
    weight: 8,
    request: (f) => ({
      method: "GET",
      path: "/api/user/profile",
      setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${pick(f.memberTokens)}` } }),
    }),
  },
  {
    // A fresh Idempotency-Key each time and no If-Match: the admin's edit, last one wins. Two
    // connections: the shop has one administrator, whose outbox sends one change at a time per
    // device (ADR 0046), on two devices at once. Writes take turns for the one write lock (ADR
    // 0057), so five back-to-back writers queued for seconds each: a load no shop of one admin has.
    name: "PUT /api/admin/products/:id",
    weight: 2,
    request: (f) => ({
      method: "PUT",
      path: "/",
      setupRequest: (req) => {
        const id = pick(f.productIds);
        return {
          ...req,
          path: `/api/admin/products/${id}`,
          headers: { ...json, authorization: `Bearer ${f.adminToken}`, "idempotency-key": crypto.randomUUID() },
          body: JSON.stringify(f.productInput(id)),
        };
      },
    }),
  },
];

/** The connections each route gets: its share of `total` (largest remainders), at least one. */
function share(total: number): number[] {
  const sum = mix.reduce((n, r) => n + r.weight, 0);
  const exact = mix.map((r) => (r.weight * total) / sum);
  const counts = exact.map((x) => Math.max(1, Math.floor(x)));
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < total; k++) {
    const i = byRemainder[k % byRemainder.length]?.[1] as number;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

/** Resident set size of a process in MB (10^6 bytes). */
function rssMB(pid: number): number {
  const status = `/proc/${pid}/status`;
  const kib = existsSync(status)
    ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, "utf8"))?.[1])
    : Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim());
  return (kib * 1024) / 1e6;
}

/** 2xx and 3xx answers are fine; anything else, a socket error or a timeout is an error. */
function failures(r: autocannon.Result): { count: number; statuses: Record<string, number> } {
  const statuses: Record<string, number> = {};
  for (const [code, { count = 0 }] of Object.entries(r.statusCodeStats ?? {})) {
    if (Number(code) < 200 || Number(code) >= 400) statuses[code] = count;
  }
  const bad = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { count: bad + r.errors + r.timeouts, statuses };
}

function run(origin: string, connections: number, duration: number, request: autocannon.Request) {
  return autocannon({ url: origin, connections, duration, pipelining: 1, timeout: 10, requests: [request] });
}

async function postJson(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access_token: string };
}

async function fixtures(origin: string, runtime: Runtime): Promise<Fixtures> {
  const res = await fetch(`${origin}/api/products`);
  if (res.status !== 200) throw new Error(`${runtime}: /api/products answered ${res.status}`);
  const products = (await res.json()) as {
    id: number;
    name: string;
    short_description: string;
    long_description: string;
    category_id: number | null;
    images: string[];
    etsy_link: string;
    temperaments?: string[];
  }[];
  const byId = new Map(products.map((p) => [p.id, p]));
  const admin = await postJson(origin, "/api/admin/login", admins[runtime]);
  const memberTokens: string[] = [];
  for (let n = 0; n < members; n++) {
    const session = await postJson(origin, "/api/auth/token?grant_type=password", {
      email: `member.${n}@bench.test`,
      password: memberPassword,
    });
    memberTokens.push(session.access_token);
  }
  return {
    productIds: products.filter((p) => p.category_id !== null).map((p) => p.id),
    productInput: (id) => {
      const p = byId.get(id);
      if (!p) throw new Error(`no product ${id}`);
      return {
        name: p.name,
        short_description: `${p.short_description.slice(0, 480)} ${next()}`,
        long_description: p.long_description,
        category_id: p.category_id,
        images: p.images,
        etsy_link: p.etsy_link,
        temperaments: p.temperaments ?? [],
      };
    },
    memberTokens,
    adminToken: admin.access_token,
  };
}

type RouteFigures = {
  p50: number;
  p99: number;
  requests: number;
  rps: number;
  errors: number;
  statuses: Record<string, number>;
};
type StormFigures = { aloneP99: number; stormP99: number; ratio: number; signIns: number; errors: number };
type RuntimeFigures = {
  routes: Record<string, RouteFigures>;
  errors: number;
  memoryMB?: { before: number; during: number[]; after: number };
  storm: StormFigures;
};

async function measure(
  runtime: Runtime,
  server: ChildServer<ShopReady>,
  options: { duration: number; warmup: number; connections: number },
): Promise<RuntimeFigures> {
  // autocannon connects to 127.0.0.1 directly ("localhost" may try ::1 first).
  const origin = `http://127.0.0.1:${server.info.port}`;
  const f = await fixtures(origin, runtime);
  const counts = share(options.connections);
  const rss = runtime === "Node" ? () => rssMB(server.pid) : undefined;
  const before = rss?.();

  const all = (duration: number) =>
    Promise.all(mix.map((route, i) => run(origin, counts[i] ?? 1, duration, route.request(f))));
  process.stdout.write(`  ${runtime}: warm-up`);
  if (options.warmup > 0) await all(options.warmup);
  process.stdout.write(` · the mix (${options.duration} s)`);
  const during: number[] = [];
  const sampler = rss ? setInterval(() => during.push(rss()), memoryEverySeconds * 1000) : undefined;
  const results = await all(options.duration).finally(() => clearInterval(sampler));
  let after: number | undefined;
  if (rss) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    after = rss();
  }

  const stormSeconds = Math.min(storm.maxSeconds, options.duration);
  const catalogue: autocannon.Request = { method: "GET", path: "/api/products" };
  process.stdout.write(` · /api/products alone (${stormSeconds} s)`);
  const alone = await run(origin, storm.catalogueConnections, stormSeconds, catalogue);
  process.stdout.write(" · with the sign-in storm");
  const [during2, signIns] = await Promise.all([
    run(origin, storm.catalogueConnections, stormSeconds, catalogue),
    run(origin, storm.signInConnections, stormSeconds, signIn()),
  ]);
  console.log(" · done");

  const routes: Record<string, RouteFigures> = {};
  mix.forEach((route, i) => {
    const r = results[i] as autocannon.Result;
    const bad = failures(r);
    routes[route.name] = {
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      rps: r.requests.average,
      errors: bad.count,
      statuses: bad.statuses,
    };
  });
  const stormErrors = failures(alone).count + failures(during2).count + failures(signIns).count;
  return {
    routes,
    errors: Object.values(routes).reduce((n, r) => n + r.errors, 0),
    ...(before !== undefined && after !== undefined ? { memoryMB: { before, during, after } } : {}),
    storm: {
      aloneP99: alone.latency.p99,
      stormP99: during2.latency.p99,
      ratio: alone.latency.p99 > 0 ? during2.latency.p99 / alone.latency.p99 : Number.NaN,
      signIns: signIns.requests.total,
      errors: stormErrors,
    },
  };
}

export async function loadSection(options: LoadOptions): Promise<SectionResult> {
  const products = options.products ?? 1000;
  ensureWebBuilt();
  ensureWorkerBuilt();
  const counts = share(options.connections);
  console.log(
    `\nThe Node server and the Worker, each over a fresh database with ${products} products and ${members} members; ` +
      `${options.connections} connections (${mix.map((r, i) => `${r.name} ${counts[i]}`).join(", ")}), ` +
      `${options.warmup} s warm-up + ${options.duration} s; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  const args = ["--products", String(products), "--members", String(members), ...highLimits];
  const figures = {} as Record<Runtime, RuntimeFigures>;
  // One server at a time: the other runtime's server would take a core from the one measured.
  for (const runtime of runtimes) {
    const server = await startChild<ShopReady>(
      runtime === "Node" ? "app-server.ts" : "worker-server.ts",
      args,
      runtime === "Node" ? "node" : "worker",
    );
    try {
      figures[runtime] = await measure(runtime, server, options);
    } finally {
      await server.stop();
    }
  }
  const loadAfter = loadavg();

  console.log("");
  console.log(
    table(
      ["route", ...runtimes.flatMap((r) => [`${r} p50`, "p99", "req/s", "errors"])],
      mix.map((route) => [
        route.name,
        ...runtimes.flatMap((runtime) => {
          const r = figures[runtime].routes[route.name] as RouteFigures;
          return [`${r.p50} ms`, `${r.p99} ms`, r.rps.toFixed(0), String(r.errors)];
        }),
      ]),
    ),
  );
  for (const runtime of runtimes) {
    for (const [name, r] of Object.entries(figures[runtime].routes)) {
      if (Object.keys(r.statuses).length > 0)
        console.log(`  ⚠ ${runtime} ${name}: answers ${JSON.stringify(r.statuses)}`);
    }
  }

  const targets: Target[] = [];
  for (const runtime of runtimes) {
    const errors = figures[runtime].errors;
    const requests = Object.values(figures[runtime].routes).reduce((n, r) => n + r.requests, 0);
    targets.push({
      section: "load",
      name: `${runtime}: errors in the mix`,
      value: `${errors} of ${requests}`,
      target: `${goals.errors}`,
      met: errors <= goals.errors,
    });
  }
  const memory = figures.Node.memoryMB;
  if (memory) {
    const middle = median(memory.during);
    const peak = Math.max(memory.during.at(-1) ?? Number.NaN, memory.after);
    const growth = peak / middle;
    console.log(
      `\n  Node RSS: ${memory.before.toFixed(0)} MB before, ${memory.during.map((m) => m.toFixed(0)).join(" → ")} MB during ` +
        `(every ${memoryEverySeconds} s), ${memory.after.toFixed(0)} MB 5 s after`,
    );
    targets.push({
      section: "load",
      name: "Node: memory plateau (last during or after ÷ median during)",
      value: `${growth.toFixed(2)}× (${peak.toFixed(0)} / ${middle.toFixed(0)} MB)`,
      target: `≤ ${goals.memoryGrowth}×`,
      met: Number.isFinite(growth) ? growth <= goals.memoryGrowth : null,
    });
  }
  console.log("");
  for (const runtime of runtimes) {
    const s = figures[runtime].storm;
    console.log(
      `  ${runtime} storm: /api/products p99 ${s.aloneP99} ms alone, ${s.stormP99} ms beside ${s.signIns} sign-ins` +
        `${s.errors > 0 ? ` (⚠ ${s.errors} errors)` : ""}`,
    );
    targets.push({
      section: "load",
      name: `${runtime}: /api/products p99 in a sign-in storm ÷ alone`,
      value: `${s.ratio.toFixed(2)}× (${s.stormP99} / ${s.aloneP99} ms)`,
      target: `≤ ${goals.stormRatio}×`,
      met: Number.isFinite(s.ratio) ? s.ratio <= goals.stormRatio : null,
    });
  }
  for (const t of targets) console.log(`  ${t.name}: ${t.value} (target ${t.target}: ${mark(t.met)})`);
  console.log(`  load average after the measurements: ${loadAfter.map((l) => l.toFixed(2)).join(" ")}`);

  return {
    figures: {
      products,
      members,
      connections: options.connections,
      connectionsPerRoute: Object.fromEntries(mix.map((r, i) => [r.name, counts[i]])),
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
      runtimes: figures,
      loadAverageAfter: loadAfter,
    },
    targets,
  };
}
