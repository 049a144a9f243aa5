/**
 * Calls from the page to a Web Worker matched by id, and the worker's notices, posted without one
 * (ADR 0039: these lines instead of Comlink, which added 1.4 kB gzip to the page's scripts).
 */
type Port = {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown): void;
};
type Reply = { id: number; result?: unknown; error?: string } | { id: undefined; notice: never[] };

/** In the worker: answers each call `{ id, name, args }` with the method of `api` it names. */
export function answerCalls(scope: Port, api: Record<string, (...args: never[]) => unknown>): void {
  scope.addEventListener("message", async ({ data: { id, name, args } }: MessageEvent) => {
    try {
      scope.postMessage({ id, result: await api[name]?.(...(args as never[])) });
    } catch (error) {
      scope.postMessage({ id, error: String(error) });
    }
  });
}

/** On the page: `call(name, ...args)` resolves with the worker's result; `onNotice` hears the rest. */
export function callWorker(worker: Port, onNotice: (...notice: never[]) => void) {
  const waiting = new Map<number, (reply: Reply & { id: number }) => void>();
  let next = 0;
  worker.addEventListener("message", ({ data }: MessageEvent<Reply>) => {
    if (data.id === undefined) return onNotice(...data.notice);
    waiting.get(data.id)?.(data);
    waiting.delete(data.id);
  });
  return <T>(name: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      next += 1;
      waiting.set(next, (reply) =>
        reply.error === undefined ? resolve(reply.result as T) : reject(new Error(reply.error)),
      );
      worker.postMessage({ id: next, name, args });
    });
}
