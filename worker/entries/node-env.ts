import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";

/** The repository root: relative paths in settings (the database file) are anchored here. */
export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The Node server's settings: the process environment first, then a git-ignored `.dev.vars`,
 * then (in development only) the documented defaults of `.dev.vars.example`, so that
 * `npm start` works on a fresh clone while production must set every required variable.
 */
export function loadNodeEnv(root: string, env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const read = (name: string) => {
    const path = `${root}/${name}`;
    return existsSync(path) ? (parseEnv(readFileSync(path, "utf8")) as Record<string, string>) : {};
  };
  const local = read(".dev.vars");
  const appEnv = env.APP_ENV || local.APP_ENV || "development";
  const defaults = appEnv === "development" ? read(".dev.vars.example") : {};
  const merged: Record<string, string | undefined> = { ...defaults, ...local };
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== "") merged[key] = value;
  merged.APP_ENV = appEnv;
  return merged;
}
