import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { projectRoot as root } from "../../worker/entries/node-env.ts";

// worker/ holds only what the Node server or the Worker runs (ADR 0076): every module in it is
// reached by imports from the Worker's entry (wrangler.toml's `main`) or from a file an npm script
// starts with node. Tools that only serve development live in tests/dev-tools/.

const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;
const workerMain = /^main\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, "wrangler.toml"), "utf8"))?.[1];

/** The worker/ files each npm script starts with node. */
const startedByScripts: Record<string, string[]> = {};
for (const [name, command] of Object.entries(scripts)) {
  const files = [...command.matchAll(/\bnode (worker\/\S+\.ts)\b/g)].map((m) => m[1] as string);
  if (files.length > 0) startedByScripts[name] = files;
}

/** Every module reached from `entries` by relative imports (static, dynamic, re-exports, types). */
function reachedFrom(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const pending = entries.map((entry) => resolve(root, entry));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName.startsWith(".")) pending.push(resolve(dirname(file), fileName));
    }
  }
  return reached;
}

/** worker/'s modules, without unit tests (they may sit beside their code) and declarations. */
function workerModules(): string[] {
  return (readdirSync(join(root, "worker"), { recursive: true }) as string[])
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$|\.d\.ts$/.test(path))
    .map((path) => join(root, "worker", path));
}

describe("worker/ holds only what the Node server or the Worker runs", () => {
  it("starts with node only the server and the commands that operate the shop", () => {
    // npm start (its web build, then the server) and the operator's commands, which run on the
    // production database as README's deploying steps do. A development command starts from
    // tests/dev-tools/, so a new entry here is a decision (ADR 0076).
    expect(startedByScripts).toEqual({
      start: ["worker/cli/build-web-if-needed.ts", "worker/entries/node.ts"],
      "db:migrate": ["worker/cli/db-migrate.ts"],
      "db:seed": ["worker/cli/db-seed.ts"],
      "email:dispatch": ["worker/cli/email-dispatch.ts"],
    });
    expect(workerMain).toBe("worker/entries/worker.ts");
  });

  it("reaches every module in worker/ from those entries", () => {
    const reached = reachedFrom([workerMain as string, ...Object.values(startedByScripts).flat()]);
    const unreached = workerModules()
      .filter((file) => !reached.has(file))
      .map((file) => relative(root, file));
    expect(unreached).toEqual([]);
  });
});
