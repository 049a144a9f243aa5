import { createServer as createHttpServer, request as forward } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Server } from "node:net";
import { generate } from "selfsigned";

export type TlsFront = {
  /** `https://localhost:<port>`: the front's TLS side. */
  origin: string;
  httpsPort: number;
  /** Its plain-http side, which only redirects to the https origin (as Cloudflare's "Always Use HTTPS"). */
  httpPort: number;
  /** The front's self-signed certificate (PEM), for a client that must trust it. */
  certificate: string;
  /** Where the front forwards to: the shop's own http origin, set once the shop listens. */
  setUpstream(origin: string): void;
  close(): Promise<void>;
};

/**
 * A TLS front on loopback, as Cloudflare is in production: it terminates TLS with a self-signed
 * certificate for `localhost` and forwards every request to the shop's plain-http server as it
 * came (method, path, headers and body, with `X-Forwarded-Proto: https`), answering with the
 * shop's status and headers untouched, so what a client grades is what the shop sends.
 */
export async function startTlsFront(): Promise<TlsFront> {
  const certificate = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  let upstream: URL | undefined;
  const https = createHttpsServer({ key: certificate.private, cert: certificate.cert }, (request, response) => {
    if (!upstream) {
      response.writeHead(502).end();
      return;
    }
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, "x-forwarded-proto": "https" },
      },
      (answer) => {
        // The raw list keeps a header sent twice as two headers.
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    outgoing.on("error", () => response.destroy());
    request.pipe(outgoing);
  });
  await listen(https);
  const httpsPort = (https.address() as AddressInfo).port;
  const origin = `https://localhost:${httpsPort}`;
  const http = createHttpServer((request, response) => {
    response.writeHead(301, { Location: `${origin}${request.url ?? "/"}` }).end();
  });
  await listen(http);
  return {
    origin,
    httpsPort,
    httpPort: (http.address() as AddressInfo).port,
    certificate: certificate.cert,
    setUpstream: (target) => {
      upstream = new URL(target);
    },
    close: async () => {
      await Promise.all([stop(https), stop(http)]);
    },
  };
}

function listen(server: Server): Promise<void> {
  return new Promise((listening) => server.listen(0, "127.0.0.1", listening));
}

function stop(server: Server & { closeAllConnections(): void }): Promise<void> {
  return new Promise((closed) => {
    server.closeAllConnections();
    server.close(() => closed());
  });
}
