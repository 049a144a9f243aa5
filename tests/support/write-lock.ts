import { spawn } from "node:child_process";
import { once } from "node:events";
import { projectRoot } from "../../worker/entries/node-env.ts";

/**
 * Another process (a CLI, the local Turso endpoint of `npm run dev:worker`) holding the database
 * file's write lock: resolves once it holds it. `release()` lets go and resolves when the process
 * has ended; with `forMs` it lets go by itself after that long.
 */
export async function holdWriteLock(databaseUrl: string, { forMs }: { forMs?: number } = {}) {
  const letGo = forMs === undefined ? `process.stdin.once("data", release);` : `setTimeout(release, ${forMs});`;
  const holder = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { createClient } from "@libsql/client";
       const client = createClient({ url: process.argv[1] });
       const tx = await client.transaction("write");
       await tx.execute("insert into rate_limits (key, count, reset_at) values ('lock-holder', 1, 0)");
       console.log("locked");
       async function release() { await tx.rollback(); client.close(); process.exit(0); }
       ${letGo}`,
      databaseUrl,
    ],
    { cwd: projectRoot, stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = once(holder, "exit");
  await new Promise<void>((locked) => holder.stdout?.once("data", () => locked()));
  return {
    /** Lets go now (without `forMs`), and resolves once the process has ended. */
    async release(): Promise<void> {
      if (forMs === undefined) holder.stdin?.end("release\n");
      await exited;
    },
  };
}
