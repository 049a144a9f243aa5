import { sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppConfig } from "../config/config.ts";
import type { Database, Transaction } from "../db/client.ts";
import { ApiError } from "./api-error.ts";
import type { AppEnv } from "./app-env.ts";

export type RateLimit = { limit: number; windowMs: number };

/**
 * A `rate_limits` key: the limit's name, then an HMAC of whom it counts (a client's address, an
 * e-mail address, an account), so the table names no one (issue 37, ADR 0065). Made only by
 * `attemptKey`: the type keeps a raw address or e-mail from reaching the table.
 */
export type AttemptKey = string & { readonly attemptKey: unique symbol };

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.deriveKey>>;

/** The HMAC key per server secret, derived once (a process has one secret; tests have a few). */
const hmacKeys = new Map<string, Promise<HmacKey>>();

/**
 * The key `limit` counts `subject` under: `limit:` and HMAC-SHA-256 of both, under a key derived
 * from the server's secret (JWT_SECRET) with HKDF for this use alone. Without the secret, a
 * key cannot be tried against a list of addresses or e-mails.
 */
export async function attemptKey(secret: string, limit: string, subject: string): Promise<AttemptKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = deriveHmacKey(secret);
    hmacKeys.set(secret, key);
  }
  const mac = await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(`${limit}\n${subject}`));
  return `${limit}:${Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("")}` as AttemptKey;
}

async function deriveHmacKey(secret: string): Promise<HmacKey> {
  const master = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: new TextEncoder().encode("rate_limits keys") },
    master,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
}

/**
 * Counts one more attempt under `key` in a fixed window and says whether it is still within the
 * limit. The counter lives in the database (one atomic statement), so a limit holds across Worker
 * isolates and server restarts; inside a transaction it is part of that transaction.
 */
export async function countAttempt(
  db: Database | Transaction,
  key: AttemptKey,
  { limit, windowMs }: RateLimit,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number; resetAt: Date }> {
  const at = now.getTime();
  const rows = await db.all<{ count: number; reset_at: number }>(
    sql`insert into rate_limits (key, count, reset_at) values (${key}, 1, ${at + windowMs})
        on conflict (key) do update set
          count = case when reset_at <= ${at} then 1 else count + 1 end,
          reset_at = case when reset_at <= ${at} then excluded.reset_at else reset_at end
        returning count, reset_at`,
  );
  const row = rows[0];
  const count = Number(row?.count ?? 1);
  const resetAt = Number(row?.reset_at ?? at + windowMs);
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - at) / 1000)),
    resetAt: new Date(resetAt),
  };
}

/** Like countAttempt, but a request over the limit is refused with 429 and Retry-After. */
export async function enforceRateLimit(db: Database, key: AttemptKey, limit: RateLimit, now: Date): Promise<void> {
  const { allowed, retryAfterSeconds } = await countAttempt(db, key, limit, now);
  if (!allowed) {
    throw new ApiError(429, "too_many_requests", (t) => t.api_too_many_attempts, {
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  }
}

/** Drops counters whose window has passed (called now and then, so the table stays small). */
export async function forgetExpiredAttempts(db: Database, now: Date): Promise<void> {
  await db.run(sql`delete from rate_limits where reset_at <= ${now.getTime()}`);
}

/**
 * Limits a route per client address (docs/architecture.md §4). Runs before the body is validated, so a
 * flood of malformed requests is counted too.
 */
export const limitPerClient = (name: string, perWindow: (config: AppConfig) => number, windowMs = 3_600_000) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = await attemptKey(c.var.config.JWT_SECRET, `${name}:ip`, c.var.clientKey());
    await enforceRateLimit(c.var.db, key, { limit: perWindow(c.var.config), windowMs }, c.var.clock.now());
    await next();
  });

/** Forgets the attempts counted under `key` (a successful sign-in clears its account's count). */
export async function clearAttempts(db: Database, key: AttemptKey): Promise<void> {
  await db.run(sql`delete from rate_limits where key = ${key}`);
}
