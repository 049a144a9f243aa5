import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { projectRoot as root } from "../entries/node-env.ts";

// `npm start` builds the web app when dist/web is missing or older than its sources, so a
// fresh clone needs no separate build step and a pulled change is never served stale.
// The PWA in each language and its server renderer, all from `vite build`.
const built = [
  join(root, "dist/web/index.html"),
  join(root, "dist/web/tr/index.html"),
  join(root, "dist/ssr/entry-server.js"),
];

/**
 * The newest modification time of the files under `path` (0 when there are none), generated files
 * aside. Files only: a folder's own time changes when the message compiler rewrites
 * web/paraglide/ inside it, which changes no source.
 */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    // Generated from the sources: web/paraglide/ from web/i18n/ (rewritten by every compile).
    if (entry === "node_modules" || entry === "paraglide" || entry.endsWith(".gen.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = ["web", "vite.config.ts", "worker/contract", "worker/lib/security-headers.ts", "package-lock.json"];

/** True when dist/web or dist/ssr is missing or older than what `vite build` makes them from. */
export function webBuildIsStale(): boolean {
  const changed = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  return built.some((file) => !existsSync(file) || statSync(file).mtimeMs < changed);
}

if (import.meta.main && webBuildIsStale()) {
  console.log("Building the web app (dist/web, dist/ssr)…");
  // Always a production build: a caller's NODE_ENV (Vitest sets "test") would otherwise give
  // React's development build.
  execFileSync("vite", ["build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}
