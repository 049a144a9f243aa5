import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type StubRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type StubAnswer = { status: number; body: string; type?: string; delayMs?: number };

/** What Resend answers to an accepted message. */
export const acceptedAnswer: StubAnswer = {
  status: 200,
  body: JSON.stringify({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }),
};

/**
 * A stand-in for an HTTP e-mail API on loopback: keeps every request, answers what the test set
 * (a 200 with an id, as Resend does, until told otherwise).
 */
export async function startEmailApiStub() {
  const requests: StubRequest[] = [];
  let answer = acceptedAnswer;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const { status, body, type, delayMs } = answer;
      const reply = () => {
        res.writeHead(status, { "Content-Type": type ?? "application/json" });
        res.end(body);
      };
      if (delayMs) setTimeout(reply, delayMs);
      else reply();
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", () => listening()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(next: StubAnswer) {
      answer = next;
    },
    reset() {
      requests.length = 0;
      answer = acceptedAnswer;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
