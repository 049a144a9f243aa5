import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { defer } from "./cleanup.ts";
import { benchDir, root } from "./common.ts";

/** What every bench server script prints as its first stdout line. */
export type ReadyLine = { ready: true; url: string; port: number; tempDir?: string };

/** The real server's ready line (tests/bench/app-server.ts). */
export type AppReady = ReadyLine & { products: number; members: number };

export type ChildServer<T extends ReadyLine> = { info: T; pid: number; stop(): Promise<void> };

/**
 * Runs `node tests/bench/<script> ...args` as its own process, so the server under test has its
 * own event loop (and, on a 2-core machine, its own core) instead of sharing the load
 * generator's. Resolves with the child's ready line. The child is stopped by `stop()` or by the
 * bench's cleanup (SIGTERM, SIGKILL after 5 s); it also exits by itself when its stdin closes,
 * i.e. when the bench process dies without cleaning up.
 */
export async function startChild<T extends ReadyLine>(
  script: string,
  args: string[],
  label: string,
): Promise<ChildServer<T>> {
  const child = spawn(process.execPath, [join(benchDir, script), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let info: T | undefined;
  const stop = defer(`${label} server (pid ${child.pid})`, () => stopChild(child, () => info?.tempDir));

  let stderrTail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
    for (const line of chunk.split("\n")) if (line.trim()) console.error(`  [${label}] ${line}`);
  });

  try {
    info = await new Promise<T>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      const timer = setTimeout(() => reject(new Error(`${label} server did not start within 120 s`)), 120_000);
      lines.on("line", (line) => {
        if (info === undefined && line.startsWith("{")) {
          try {
            const parsed = JSON.parse(line) as T;
            if (parsed.ready) {
              clearTimeout(timer);
              resolve(parsed);
              return;
            }
          } catch {
            // not the ready line: print it below
          }
        }
        if (line.trim()) console.log(`  [${label}] ${line}`);
      });
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${label} server exited (${signal ?? code}) before it was ready:\n${stderrTail}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { info, pid: child.pid ?? -1, stop };
}

async function stopChild(child: ChildProcess, tempDir: () => string | undefined): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.stdin?.end();
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
  // The child removes its own temp folder; this covers a child that had to be killed.
  const dir = tempDir();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/**
 * Child side: prints the ready line, then serves until SIGTERM/SIGINT or until stdin closes
 * (the bench process is gone), runs `close` and exits.
 */
export function announceReady(
  info: Omit<ReadyLine, "ready"> & Record<string, unknown>,
  close: () => Promise<void>,
): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 5_000).unref();
    close()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  process.stdin.once("end", stop);
  process.stdin.once("close", stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ ready: true, ...info })}\n`);
}

/** Starts the production shop (app-server.ts) with `args` as its seed, hands it to `use`, and stops it. */
export async function withShop<T>(
  args: string[],
  name: string,
  use: (server: ChildServer<AppReady>) => Promise<T>,
): Promise<T> {
  const server = await startChild<AppReady>("app-server.ts", args, name);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

/**
 * A bench server script's options (app-server.ts, worker-server.ts): `--products N` and
 * `--members N` (whole numbers) and `--set NAME=VALUE` (repeatable) as settings.
 */
export function serverArgs(): { products: number; members: number; settings: Record<string, string> } {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "0" },
      members: { type: "string", default: "0" },
      set: { type: "string", multiple: true, default: [] },
    },
  });
  const products = Number(values.products);
  const members = Number(values.members);
  for (const [name, value] of [
    ["products", products],
    ["members", members],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
  }
  const settings = Object.fromEntries(
    values.set.map((pair) => {
      const at = pair.indexOf("=");
      if (at < 1) throw new Error(`--set takes NAME=VALUE, got ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  return { products, members, settings };
}
