import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema.ts";

/** The drizzle database every route uses; the entry decides which libSQL client backs it. */
export function createDatabase(client: Client) {
  const db = drizzle(client, { schema });
  if (client.protocol === "file") {
    // An embedded file (the Node server, the CLIs, the tests): the transactions of this process
    // take turns (docs/decisions/0044-exactly-once-admin-writes.md). Its statements run on
    // the thread, so a transaction waiting for another's write lock would block the very
    // thread the holder needs to finish, and fail after the busy timeout. Over the network
    // (Workers, Turso) the server makes a transaction wait without blocking anyone.
    const transaction = db.transaction.bind(db);
    const inTurn = oneAtATime();
    db.transaction = (run, config) => inTurn(() => transaction(run, config));
  }
  return db;
}

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
