import { describe, expect, it } from "vitest";
import { createDispatchRunner } from "./dispatch-runner.ts";

/** A pass the test finishes by hand, recording how many run at once. */
function controlledPasses() {
  const finishers: (() => void)[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const pass = () => {
    active++;
    mostAtOnce = Math.max(mostAtOnce, active);
    return new Promise<void>((done) =>
      finishers.push(() => {
        active--;
        done();
      }),
    );
  };
  return {
    pass,
    started: () => finishers.length,
    mostAtOnce: () => mostAtOnce,
    finish: async (index: number) => {
      finishers[index]?.();
      // let the runner's then/finally callbacks run
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe("the Node server's dispatch runner", () => {
  it("runs one more pass after the running one for wakes that arrive meanwhile, never two at once", async () => {
    const passes = controlledPasses();
    const runner = createDispatchRunner(passes.pass);
    const first = runner.wake();
    const second = runner.wake();
    const third = runner.wake();
    expect(passes.started()).toBe(1);
    // Both late wakes share the one queued pass.
    expect(second).toBe(third);

    await passes.finish(0);
    await first;
    expect(passes.started()).toBe(2);
    expect(passes.mostAtOnce()).toBe(1);

    await passes.finish(1);
    await second;
    expect(passes.started()).toBe(2);
    await runner.idle();
  });

  it("starts a fresh pass for a wake after everything has finished", async () => {
    const passes = controlledPasses();
    const runner = createDispatchRunner(passes.pass);
    const first = runner.wake();
    await passes.finish(0);
    await first;
    const again = runner.wake();
    expect(passes.started()).toBe(2);
    await passes.finish(1);
    await again;
  });

  it("reports idle only once the queued pass has run too", async () => {
    const passes = controlledPasses();
    const runner = createDispatchRunner(passes.pass);
    runner.wake();
    runner.wake();
    let idle = false;
    const waiting = runner.idle().then(() => {
      idle = true;
    });
    await passes.finish(0);
    expect(idle).toBe(false);
    expect(passes.started()).toBe(2);
    await passes.finish(1);
    await waiting;
    expect(idle).toBe(true);
  });
});
