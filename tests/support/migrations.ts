import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
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
