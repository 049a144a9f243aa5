/**
 * Section 4: password hashing (issue 11). argon2id at ASVS 5.0's parameters (m = 19 MiB, t = 2,
 * p = 1) on each runtime's engine, beside the pure-JavaScript argon2id the project used before,
 * measured in the same run. Target: each engine at most 1/4 of the pure-JavaScript time.
 *
 * - Node: the pure-JS baseline (@noble/hashes), Node's own argon2, and the WebAssembly engine,
 *   one hash each in turn, `--hashes` times (default 10); medians and the 10th–90th percentile.
 * - workerd: the built Worker bundle, timed from outside (a Worker's own clock stands still while
 *   it computes). `POST /api/admin/login` with an address that is not the administrator's costs
 *   one hash; the same call with a malformed address costs everything but the hash (the rate
 *   limiter's statement, parsing, the answer). The difference of their medians is the hash.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { argon2id } from "@noble/hashes/argon2.js";
import { createPasswordHasher, type PasswordHasher } from "../../worker/auth/password.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { createWasmPasswordHasher } from "../../worker/auth/password-wasm.ts";
import { startHranaServer } from "../dev-tools/hrana-server.ts";
import { createTestDatabase, startWorker, testAdmin, testSettings } from "../worker/harness.ts";
import { ensureWorkerBuilt } from "./build.ts";
import { mark, median, ms, type SectionResult, table } from "./common.ts";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};

async function timeNode(engines: Record<string, PasswordHasher>, hashes: number) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(engines).map((name) => [name, []]));
  for (const engine of Object.values(engines)) await engine.hash("warm-up"); // JIT, wasm instance
  for (let i = 0; i < hashes; i++) {
    for (const [name, engine] of Object.entries(engines)) {
      const started = performance.now();
      await engine.hash(`bench-password-${i}`);
      times[name]?.push(performance.now() - started);
    }
  }
  return times;
}

async function timeWorkerd(hashes: number): Promise<{ withHash: number[]; withoutHash: number[] }> {
  ensureWorkerBuilt();
  const database = await createTestDatabase(testAdmin);
  const hrana = await startHranaServer({ file: database.file });
  const worker = await startWorker(
    { ...testSettings, DATABASE_URL: hrana.url, SIGNIN_LIMIT_PER_IP: "100000", SIGNIN_LIMIT_PER_ACCOUNT: "100000" },
    { onLog: () => {} },
  );
  const login = async (email: string) => {
    const started = performance.now();
    const res = await worker.dispatchFetch("http://shop.test/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.99" },
      body: JSON.stringify({ email, password: "bench-password" }),
    });
    await res.arrayBuffer();
    return performance.now() - started;
  };
  try {
    await login("nobody@bench.test");
    await login("not-an-address");
    const withHash: number[] = [];
    const withoutHash: number[] = [];
    for (let i = 0; i < hashes; i++) {
      withHash.push(await login(`nobody.${i}@bench.test`));
      withoutHash.push(await login("not-an-address"));
    }
    return { withHash, withoutHash };
  } finally {
    await worker.dispose();
    await hrana.close();
    database.cleanup();
  }
}

export async function passwordsSection({ hashes }: { hashes: number }): Promise<SectionResult> {
  const wasmFile = createRequire(import.meta.url).resolve("@phi-ag/argon2/argon2.wasm");
  const engines = {
    "pure JavaScript (baseline)": createPasswordHasher(async (password, salt, { m, t, p }, dkLen) =>
      argon2id(password, salt, { m, t, p, dkLen }),
    ),
    "Node crypto.argon2": nodePasswordHasher,
    "WebAssembly, in Node": createWasmPasswordHasher(new WebAssembly.Module(readFileSync(wasmFile))),
  };
  console.log(`  argon2id m=19456 KiB, t=2, p=1; ${hashes} hashes per engine, taken in turn`);
  const nodeTimes = await timeNode(engines, hashes);
  const workerd = await timeWorkerd(hashes);

  const baseline = median(nodeTimes["pure JavaScript (baseline)"] ?? []);
  const rows: { name: string; median: number; p10: number; p90: number }[] = Object.entries(nodeTimes).map(
    ([name, values]) => ({ name, median: median(values), p10: percentile(values, 0.1), p90: percentile(values, 0.9) }),
  );
  const workerdHash = median(workerd.withHash) - median(workerd.withoutHash);
  rows.push({
    name: "WebAssembly, in workerd (the Worker bundle)",
    median: workerdHash,
    p10: percentile(workerd.withHash, 0.1) - median(workerd.withoutHash),
    p90: percentile(workerd.withHash, 0.9) - median(workerd.withoutHash),
  });
  console.log(
    table(
      ["engine", "median", "p10", "p90", "× baseline"],
      rows.map((r) => [r.name, ms(r.median), ms(r.p10), ms(r.p90), `${(r.median / baseline).toFixed(2)}×`]),
    ),
  );
  console.log(
    `  workerd requests: with a hash ${ms(median(workerd.withHash))}, without ${ms(median(workerd.withoutHash))} (medians)`,
  );
  const targets = rows
    .filter((r) => !r.name.startsWith("pure"))
    .map((r) => ({
      section: "passwords",
      name: `${r.name} ≤ ¼ of pure JS`,
      value: `${ms(r.median)} vs ${ms(baseline)}`,
      target: `≤ ${ms(baseline / 4)}`,
      met: r.median <= baseline / 4,
    }));
  for (const t of targets) console.log(`  ${t.name}: ${mark(t.met)}`);
  return { figures: { baselineMs: baseline, rows, workerd }, targets };
}
