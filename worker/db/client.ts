import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema.ts";

/** The drizzle database every route uses; the entry decides which libSQL client backs it. */
export function createDatabase(client: Client) {
  const db = drizzle(client, { schema });
  // The write transactions of this process (or Worker isolate) take turns here, not at the
  // database (docs/decisions/0057-write-transactions-take-turns-in-the-process.md). SQLite lets
  // one writer in at a time whatever we do; waiting here costs nothing, while waiting there
  // holds a connection (a Hrana stream) and counts against the 5 s busy timeout. On an embedded
  // file it is also the only way: statements run on the thread, so a transaction waiting for
  // another's lock would block the very thread the holder needs to finish (ADR 0044).
  const transaction = db.transaction.bind(db);
  const inTurn = client.protocol === "file" ? takingTurns() : isolateTurns;
  db.transaction = (run, config) => inTurn(() => transaction(run, config));
  return db;
}

/**
 * How long a Worker's transaction waits for the one before it. A Worker cancels a request whose
 * client went away, and with it the promises of its transaction, which then never settle: the
 * next in line goes ahead after this long and meets the database's own lock and busy timeout,
 * as it did before the turns. Far longer than a transaction takes (1.4 s at most in the load
 * bench, its isolate saturated).
 */
export const isolateTurnWaitMs = 10_000;

// A Worker opens a client per request (worker/entries/worker.ts), so their turns are the isolate's.
const isolateTurns = takingTurns(isolateTurnWaitMs);

/**
 * Runs the given tasks one after another, each when the one before has settled, or when it has
 * waited `maxWaitMs` (a task that never settles holds up the others that long, not forever).
 */
export function takingTurns(maxWaitMs = Number.POSITIVE_INFINITY) {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const previous = last;
    const turn = Number.isFinite(maxWaitMs)
      ? new Promise<void>((start) => {
          void previous.then(() => start());
          // The waiting request's own timer (a Worker cancels the timers of a request that ended),
          // never cleared from another request; unref'd so it keeps no Node process alive.
          const timer = setTimeout(start, maxWaitMs) as unknown as { unref?: () => void };
          timer.unref?.();
        })
      : previous;
    const result = turn.then(task);
    last = result.catch(() => {});
    return result;
  };
}

export type Database = ReturnType<typeof createDatabase>;

/** The handle inside `db.transaction(...)`: runs the same queries as the database. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
