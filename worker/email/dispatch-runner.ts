/**
 * Runs dispatcher passes for one process: never two at once, and a wake that arrives while a
 * pass runs is not lost but starts one more pass after it (however many wakes arrived, one
 * pass: it takes everything due). The Node server's timer and every `emailWritten` share one
 * runner, so a message written during a pass still leaves within seconds, and the server's
 * timer and wakes never claim against each other. Passes in other processes are kept apart by
 * the claims in the database, not by this.
 */
export function createDispatchRunner(pass: () => Promise<void>) {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  function wake(): Promise<void> {
    if (!running) {
      running = pass().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = undefined;
      return wake();
    });
    return queued;
  }

  return {
    /** Starts a pass, or one more after the running one; settles when that pass has ended. */
    wake,
    /** Settles when no pass is running or queued (for a clean shutdown). */
    async idle(): Promise<void> {
      while (running || queued) await (queued ?? running);
    },
  };
}
