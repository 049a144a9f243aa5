/**
 * `npm test` and `npm run test:deep` (issue 57, ADR 0114): the stages, each timed, and a table of
 * the times at the end, so the day a stage grows is the day it is seen. The type check and the
 * lint run beside the builds (one core each on a 2-core machine; their output is printed when
 * they end); Vitest starts once all of them have passed. A failed stage fails the run with its
 * exit code.
 *
 *   node tests/run.ts           the everyday run: type check, lint, both builds, every Vitest project
 *   node tests/run.ts --deep    both builds, then the deep runs at full size (TEST_DEPTH=deep)
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
const deep = process.argv.includes("--deep");
const env = deep ? { ...process.env, TEST_DEPTH: "deep" } : process.env;

/** The files that run at smoke size in `npm test` and at full size in `npm run test:deep`. */
const deepFiles = [
  "tests/api/fuzz.test.ts",
  "tests/api/admin-outbox.model.test.ts",
  "tests/api/session-revocation-races.test.ts",
  "tests/worker/session-revocation-races.test.ts",
  "tests/api/enumeration-timing.test.ts",
];

type Command = [command: string, ...args: string[]];
/** Commands run one after another; `quiet` ones keep their output until they end. */
type Stage = { name: string; commands: Command[]; quiet?: boolean };

const times: { name: string; seconds: number }[] = [];

/** Runs a stage's commands in turn; resolves with the first non-zero exit code, or 0. */
async function run(stage: Stage): Promise<number> {
  const started = performance.now();
  let code = 0;
  for (const [command, ...args] of stage.commands) {
    const line = `── ${stage.name}: ${[command.replace(`${root}/`, ""), ...args].join(" ")}`;
    if (!stage.quiet) console.log(`\n${line}`);
    const child = spawn(command, args, { cwd: root, env, stdio: stage.quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    code = await new Promise<number>((done) => child.on("close", (status) => done(status ?? 1)));
    if (stage.quiet) console.log(`\n${line}\n${output.trimEnd() || "(no output)"}`);
    if (code !== 0) break;
  }
  times.push({ name: stage.name, seconds: (performance.now() - started) / 1000 });
  return code;
}

type Failure = { name: string; code: number };

/** Runs the stages one after another, up to the first that fails. */
async function inTurn(stages: Stage[]): Promise<Failure | undefined> {
  for (const stage of stages) {
    const code = await run(stage);
    if (code !== 0) return { name: stage.name, code };
  }
  return undefined;
}

/** Runs the chains of stages side by side; the first failure, if any. */
async function side(chains: (Stage | Stage[])[]): Promise<Failure | undefined> {
  const failures = await Promise.all(chains.map((chain) => inTurn(Array.isArray(chain) ? chain : [chain])));
  return failures.find((failure) => failure !== undefined);
}

// The Worker bundle includes the web app's server renderer (ADR 0011): built after it.
const builds: Stage[] = [
  { name: "build web", commands: [[bin("vite"), "build"]] },
  { name: "build worker", commands: [[bin("wrangler"), "deploy", "--dry-run", "--outdir", "dist/worker"]] },
];
const steps: (Stage | Stage[])[][] = deep
  ? [[builds], [{ name: "vitest (deep)", commands: [[bin("vitest"), "run", ...deepFiles]] }]]
  : [
      // The screens' messages, which the type check reads (web/paraglide/ is generated).
      [{ name: "messages", commands: [[process.execPath, "web/i18n/compile.ts"]], quiet: true }],
      [
        builds,
        // One pass over each project (tsconfig.json's references): a project reads the ones it
        // uses from their declarations, not by checking their files again.
        { name: "typecheck", commands: [[bin("tsc"), "-b"]], quiet: true },
        { name: "lint", commands: [[bin("biome"), "check", "."]], quiet: true },
      ],
      [{ name: "vitest", commands: [[bin("vitest"), "run"]] }],
    ];

const started = performance.now();
let failed: Failure | undefined;
for (const step of steps) {
  failed = await side(step);
  if (failed) break;
}

console.log("\nStage times (the builds, typecheck and lint side by side):");
for (const { name, seconds } of times) console.log(`  ${name.padEnd(14)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(`  ${"total".padEnd(14)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
if (failed) {
  console.log(`\n${failed.name} failed (exit ${failed.code}).`);
  process.exit(failed.code);
}
