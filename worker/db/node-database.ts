import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type Client, createClient } from "@libsql/client";
import type { AppConfig } from "../config/config.ts";
import { createDatabase } from "./client.ts";
import { isBusy } from "./unavailable.ts";

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
  const open = () =>
    createClient({
      url,
      ...(config.DATABASE_AUTH_TOKEN ? { authToken: config.DATABASE_AUTH_TOKEN } : {}),
      // A local file: a write waits this long for another connection's lock (a concurrent
      // transaction, the e-mail pass, a CLI) instead of failing at once with SQLITE_BUSY. The
      // same wait libsql-server (Turso) gives its streams, so both runtimes behave alike.
      timeout: busyTimeoutMs,
    });
  const client = url.startsWith("file:") ? reopenedAfterBusy(open) : open();
  return { client, db: createDatabase(client) };
}

/**
 * docs/decisions/0050-faults.md: on a file, a statement that gave up with SQLITE_BUSY stays
 * half-run inside libSQL, which cannot reset it, and keeps its lock: every later write, this
 * process's and every other's, is then busy until a restart. So after SQLITE_BUSY the client's
 * connections are replaced (closing them ends the stuck statement); a transaction still open on
 * an old one finishes on it. Transactions start with BEGIN IMMEDIATE, so only their first
 * statement, the client's own call, can meet the lock.
 */
function reopenedAfterBusy(open: () => Client): Client {
  let current = open();
  return new Proxy(current, {
    get(_target, property) {
      const used = current;
      const value: unknown = Reflect.get(used, property);
      if (typeof value !== "function") return value;
      const replaceIfBusy = (error: unknown): never => {
        if (isBusy(error) && current === used) {
          current = open();
          used.close();
        }
        throw error;
      };
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(used, args);
          return result instanceof Promise ? result.catch(replaceIfBusy) : result;
        } catch (error) {
          return replaceIfBusy(error);
        }
      };
    },
  });
}
