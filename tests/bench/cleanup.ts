/**
 * Everything the bench starts (child servers, Chromium, temp folders, the static page it writes
 * into dist/web) registers how to undo itself here. `cleanupAll()` runs the tasks newest first,
 * on a normal end, on an error, and on SIGINT/SIGTERM/SIGHUP (a second Ctrl-C exits at once).
 */
type Task = { name: string; run: () => unknown };

const tasks: Task[] = [];
let running: Promise<void> | undefined;
let aborting = false;

export class AbortedError extends Error {
  override name = "AbortedError";
}

/** True once a signal asked the bench to stop: sections should start nothing new. */
export const isAborting = () => aborting;

/** Throws when the bench is stopping, so a section ends at its next step. */
export function checkAborted(): void {
  if (aborting) throw new AbortedError("the bench is stopping");
}

/**
 * Registers a cleanup task; the returned function runs it now (once) and unregisters it. While
 * the bench is stopping, the task is queued for the cleanup under way and an AbortedError stops
 * the caller (something that finished starting after Ctrl-C is undone too).
 */
export function defer(name: string, run: () => unknown): () => Promise<void> {
  const task: Task = { name, run };
  tasks.push(task);
  if (aborting) {
    void cleanupAll();
    throw new AbortedError("the bench is stopping");
  }
  return async () => {
    const index = tasks.indexOf(task);
    if (index < 0) return;
    tasks.splice(index, 1);
    await runTask(task);
  };
}

async function runTask(task: Task): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(task.run),
      new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error("timed out after 15 s")), 15_000);
      }),
    ]);
  } catch (error) {
    console.error(`  cleanup "${task.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    for (let task = tasks.pop(); task; task = tasks.pop()) await runTask(task);
    running = undefined;
  })();
  return running;
}

export function installSignalHandlers(): void {
  const signals = [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const;
  for (const [signal, code] of signals) {
    process.once(signal, () => {
      aborting = true;
      console.error(`\n${signal}: stopping servers and browsers, removing temp files… (again to force)`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
  for (const event of ["uncaughtException", "unhandledRejection"] as const) {
    process.once(event, (error: unknown) => {
      aborting = true;
      console.error(`\n${event}:`, error);
      void cleanupAll().finally(() => process.exit(1));
    });
  }
}
