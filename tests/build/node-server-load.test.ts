import { describe, expect, it } from "vitest";
import { startNodeServer } from "../../worker/entries/node.ts";
import { oddPathMismatches } from "../support/odd-paths.ts";
import { nodeServerSettings } from "../support/server.ts";

// The Node server (`npm start`) with the built web app, as production runs it: many requests at
// once, and the odd addresses browsers and crawlers send. tests/worker/ asks the Worker the same.

const settings = nodeServerSettings({ APP_ENV: "production", PUBLIC_URL: "http://localhost", LOG_LEVEL: "warn" });

describe("the Node server under load", () => {
  it("answers bursts of concurrent requests and odd paths as the Worker does", async () => {
    const server = await startNodeServer(settings, { port: 0 });
    try {
      const paths = ["/api/health", "/api/products", "/api/categories", "/products", "/products/1"];
      for (let round = 1; round <= 3; round++) {
        const statuses = await Promise.all(
          Array.from({ length: 120 }, async (_, i) => {
            const path = paths[i % paths.length] as string;
            const res = await fetch(`${server.url}${path}`);
            await res.arrayBuffer();
            return `${path} ${res.status}`;
          }),
        );
        expect(
          statuses.filter((status) => !status.endsWith(" 200")),
          `round ${round}`,
        ).toEqual([]);
      }
      expect(await oddPathMismatches((path, init) => fetch(`${server.url}${path}`, init))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
