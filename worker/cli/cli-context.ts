import { type AppConfig, ConfigError, parseConfig } from "../config/config.ts";
import { openNodeDatabase } from "../db/node-database.ts";
import { loadNodeEnv, projectRoot } from "../entries/node-env.ts";

/** Settings and database for a one-shot command, with the same defaults as `npm start`. */
export function openCliContext() {
  const raw = loadNodeEnv(projectRoot);
  let config: AppConfig;
  try {
    config = parseConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  return { config, ...openNodeDatabase(config, projectRoot) };
}

/** Prints one clear line instead of a stack trace, and exits non-zero. */
export function failWith(what: string, error: unknown): never {
  const reason =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  console.error(`${what}: ${reason}`);
  process.exit(1);
}
