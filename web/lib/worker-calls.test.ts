import { afterEach, describe, expect, it } from "vitest";
import { answerCalls, callWorker } from "./worker-calls.ts";

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of channels.splice(0)) {
    port1.close();
    port2.close();
  }
});

/** A page and a worker joined by a MessageChannel: `api` answers in the worker, `notices` are what the page heard. */
function connect(api: Record<string, (...args: never[]) => unknown>) {
  const channel = new MessageChannel();
  channels.push(channel);
  const notices: unknown[][] = [];
  const call = callWorker(channel.port1, (...notice: unknown[]) => void notices.push(notice));
  answerCalls(channel.port2, api);
  channel.port1.start();
  channel.port2.start();
  const notify = (...notice: unknown[]) => channel.port2.postMessage({ notice });
  return { call, notices, notify };
}

describe("calls to a worker", () => {
  it("answers each call with its own result, matched by id whatever the order of the answers", async () => {
    const { call } = connect({
      slow: async (text: string) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return `slow ${text}`;
      },
      fast: (a: number, b: number) => a + b,
    });
    const slow = call<string>("slow", "tea");
    const fast = call<number>("fast", 2, 3);
    expect(await Promise.all([slow, fast])).toEqual(["slow tea", 5]);
  });

  it("a method that throws rejects its call; the worker's notices reach the page", async () => {
    const { call, notices, notify } = connect({
      fails: () => {
        throw new Error("no such product");
      },
    });
    await expect(call("fails")).rejects.toThrow("no such product");
    notify({ version: 2 }, ["/images/a.svg"]);
    await expect.poll(() => notices).toEqual([[{ version: 2 }, ["/images/a.svg"]]]);
  });
});
