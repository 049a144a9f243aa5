import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { root, webDist, workerDist } from "./common.ts";

const bin = (name: string) => join(root, "node_modules/.bin", name);

function run(command: string, args: string[]): void {
  console.log(`  $ ${command} ${args.join(" ")}`);
  // Production builds whatever NODE_ENV the bench was started with (as build-web-if-needed).
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync(bin(command), args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0)
    throw new Error(`\`${command} ${args.join(" ")}\` failed (${result.signal ?? result.status})`);
}

/**
 * Builds the PWA and its server renderer only when missing (or when asked): the bench measures
 * what is there.
 */
export function ensureWebBuilt(rebuild = false): void {
  const missing =
    ["index.html", "tr/index.html"].some((shell) => !existsSync(join(webDist, shell))) ||
    !existsSync(join(root, "dist/ssr/entry-server.js"));
  if (rebuild || missing) {
    run("vite", ["build"]);
  }
}

/**
 * Builds the Worker bundle only when dist/worker is missing (or when asked). The web build comes
 * first when it is missing: the bundle takes in the server renderer (dist/ssr, ADR 0011) and
 * wrangler refuses to build without its assets directory (dist/web).
 */
export function ensureWorkerBuilt(rebuild = false): void {
  if (rebuild || !existsSync(workerDist) || readdirSync(workerDist).length === 0) {
    ensureWebBuilt();
    run("wrangler", ["deploy", "--dry-run", "--outdir", "dist/worker"]);
  }
}

/** Source files changed after the build: the figures then describe an older app. */
export function newerThanBuild(sourceDirs: string[], builtFile: string): string[] {
  if (!existsSync(builtFile)) return [];
  const built = statSync(builtFile).mtimeMs;
  const newer: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith(".test.ts") && statSync(path).mtimeMs > built) newer.push(relative(root, path));
    }
  };
  for (const dir of sourceDirs) walk(join(root, dir));
  return newer;
}

export function warnIfStale(sourceDirs: string[], builtFile: string, rebuildHint: string): string[] {
  const newer = newerThanBuild(sourceDirs, builtFile);
  if (newer.length > 0) {
    console.log(
      `  ⚠ ${newer.length} source file(s) changed after ${relative(root, builtFile)} was built ` +
        `(${newer.slice(0, 3).join(", ")}${newer.length > 3 ? ", …" : ""}): figures describe the older build. ` +
        `Run \`${rebuildHint}\` (or \`npm run bench -- --rebuild\`) for current ones.`,
    );
  }
  return newer;
}
