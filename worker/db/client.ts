import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema.ts";

/** The drizzle database every route uses; the entry decides which libSQL client backs it. */
export function createDatabase(client: Client) {
  return drizzle(client, { schema });
}

export type Database = ReturnType<typeof createDatabase>;

/** The handle inside `db.transaction(...)`: runs the same queries as the database. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
