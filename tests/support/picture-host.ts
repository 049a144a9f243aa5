import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

export type PictureHost = {
  /** `https://localhost:<port>` */
  origin: string;
  /** The paths asked for, in order, with the request's mode as the browser announced it. */
  requests: { path: string; mode: string | undefined }[];
  close(): Promise<void>;
};

// A product illustration, so a screenshot tells it from the placeholder.
const picture = readFileSync(new URL("../../web/public/images/products/adacayi.svg", import.meta.url));

/**
 * Another site's picture host on loopback, as the https hosts an admin may link product
 * pictures from: every path is a picture. `cors` says whether it lets other sites' scripts read
 * them (as many image CDNs do, varying on Origin) or not. Its certificate is self-signed, so the
 * browser context must ignore HTTPS errors.
 */
export async function startPictureHost({ cors }: { cors: boolean }): Promise<PictureHost> {
  const certificate = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const requests: PictureHost["requests"] = [];
  const server = createServer({ key: certificate.private, cert: certificate.cert }, (request, response) => {
    requests.push({ path: request.url ?? "", mode: request.headers["sec-fetch-mode"] as string | undefined });
    response.setHeader("Content-Type", "image/svg+xml");
    response.setHeader("Cache-Control", "max-age=3600");
    if (cors) {
      response.setHeader("Access-Control-Allow-Origin", "*");
      response.setHeader("Vary", "Origin");
    }
    response.end(picture);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${port}`,
    requests,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
