import { migrateDatabase } from "../db/migrate.ts";
import { failWith, openCliContext } from "./cli-context.ts";

// npm run db:migrate — applies drizzle/ migrations to DATABASE_URL (local file by default).
const { client, db, config } = openCliContext();
try {
  await migrateDatabase(db);
  console.log(`Migrated ${config.DATABASE_URL}`);
} catch (error) {
  failWith(`Cannot migrate ${config.DATABASE_URL}`, error);
} finally {
  client.close();
}
