/**
 * Child process: the API throughput baseline. A bare `node:http` server on loopback that answers
 * `GET <path>` with fixed bytes (the body the real server sent, with the same Content-Type and
 * ETag): the cost of HTTP on this machine, with no routing, middleware, database or JSON.
 *
 *   node tests/bench/baseline-server.ts --body FILE --path /api/products --content-type T --etag E
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { announceReady } from "./child.ts";

const { values } = parseArgs({
  options: {
    body: { type: "string" },
    path: { type: "string", default: "/api/products" },
    "content-type": { type: "string", default: "application/json" },
    etag: { type: "string" },
  },
});
if (!values.body) throw new Error("--body FILE is required");

const body = readFileSync(values.body);
const headers: Record<string, string> = {
  "Content-Type": values["content-type"],
  "Content-Length": String(body.byteLength),
};
if (values.etag) headers.ETag = values.etag;

const server = createServer((request, response) => {
  if (request.method === "GET" && request.url === values.path) {
    response.writeHead(200, headers);
    response.end(body);
  } else {
    response.writeHead(404);
    response.end();
  }
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  announceReady({ url: `http://127.0.0.1:${port}`, port }, () => new Promise((done) => server.close(() => done())));
});
