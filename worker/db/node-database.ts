import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createClient } from "@libsql/client";
import type { AppConfig } from "../config/config.ts";
import { createDatabase } from "./client.ts";

/** How long a statement on a local file waits for another connection's write lock. */
export const busyTimeoutMs = 5_000;

/**
 * Opens the database the Node server and the CLIs use: an embedded file (its folder created
 * on first use) or any libSQL URL, Turso included. `root` anchors relative file paths.
 */
export function openNodeDatabase(config: Pick<AppConfig, "DATABASE_URL" | "DATABASE_AUTH_TOKEN">, root: string) {
  let url = config.DATABASE_URL;
  if (url.startsWith("file:") && !url.startsWith("file:/")) {
    const file = resolve(root, url.slice("file:".length));
    mkdirSync(dirname(file), { recursive: true });
    url = `file:${file}`;
  } else if (url.startsWith("file:/")) {
    mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
  }
  const client = createClient({
    url,
    ...(config.DATABASE_AUTH_TOKEN ? { authToken: config.DATABASE_AUTH_TOKEN } : {}),
    // A local file: a write waits this long for another connection's lock (a concurrent
    // transaction, the e-mail pass, a CLI) instead of failing at once with SQLITE_BUSY. The
    // same wait libsql-server (Turso) gives its streams, so both runtimes behave alike.
    timeout: busyTimeoutMs,
  });
  return { client, db: createDatabase(client) };
}
