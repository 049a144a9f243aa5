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
  const inTurn = client.protocol === "file" ? oneAtATime() : isolateTurns;
  db.transaction = (run, config) => inTurn(() => transaction(run, config));
  return db;
}

// A Worker opens a client per request (worker/entries/worker.ts), so their turns are the isolate's.
const isolateTurns = oneAtATime();

/** Runs the given tasks one after another, each when the one before has settled. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = last.then(task);
    last = result.catch(() => {});
    return result;
  };
}

export type Database = ReturnType<typeof createDatabase>;

/** The handle inside `db.transaction(...)`: runs the same queries as the database. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
