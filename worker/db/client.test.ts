import { describe, expect, it, onTestFinished, vi } from "vitest";
import { takingTurns } from "./client.ts";

// ADR 0057: the write transactions of a process take turns; a Worker's turn waits for a
// transaction whose request was cancelled (its promise never settles) only so long.

const tick = () => new Promise((resume) => setTimeout(resume, 5));

describe("takingTurns", () => {
  it("runs each task after the one before has settled, failures included, in arrival order", async () => {
    const inTurn = takingTurns();
    const order: string[] = [];
    let finishFirst = () => {};
    const first = inTurn(
      () =>
        new Promise<void>((done) => {
          order.push("first started");
          finishFirst = done;
        }),
    );
    const second = inTurn(async () => {
      order.push("second started");
      throw new Error("second failed");
    });
    const third = inTurn(async () => order.push("third started"));
    await tick();
    expect(order).toEqual(["first started"]);
    finishFirst();
    await first;
    await expect(second).rejects.toThrow("second failed");
    await third;
    expect(order).toEqual(["first started", "second started", "third started"]);
  });

  it("goes ahead after the longest wait when the task before never settles", async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const inTurn = takingTurns(50);
    const started: string[] = [];
    void inTurn(() => new Promise<void>(() => {})); // a cancelled request's transaction
    const second = inTurn(async () => void started.push("second"));
    await vi.advanceTimersByTimeAsync(49);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(started).toEqual(["second"]);
    // The one after it waits for the second, which settled, not for the stuck one again.
    await inTurn(async () => void started.push("third"));
    expect(started).toEqual(["second", "third"]);
  });
});
