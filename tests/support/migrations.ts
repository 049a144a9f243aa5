import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll } from "vitest";
import { createDatabase } from "../../worker/db/client.ts";
import { migrationsFolder } from "../../worker/db/migrate.ts";

/**
 * drizzle/'s migrations up to and including `lastTag`, in a folder of their own (removed after
 * the test file): a migration's test starts from the database as it was before it.
 */
export function migrationsUpTo(lastTag: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  mkdirSync(join(dir, "meta"));
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) cpSync(join(migrationsFolder, `${tag}.sql`), join(dir, `${tag}.sql`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A database file as it was before migration `number` ("0005"): drizzle/'s earlier migrations
 * only. Its client is handed back for the raw SQL of an old schema; the test closes it. The folder
 * goes after the test file.
 */
export async function databaseBeforeMigration(
  number: string,
): Promise<{ old: ReturnType<typeof createDatabase>; client: Client }> {
  const dir = mkdtempSync(join(tmpdir(), "shop-migration-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const before = join(dir, "drizzle");
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < number);
  writeFileSync(journalFile, JSON.stringify(journal));
  const client = createClient({ url: `file:${join(dir, "app.db")}` });
  const old = createDatabase(client);
  await migrate(old, { migrationsFolder: before });
  return { old, client };
}
