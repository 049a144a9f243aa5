import { createClient } from "@libsql/client";
import { expect, it } from "vitest";
import { createApp } from "../../worker/app.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { parseConfig } from "../../worker/config/config.ts";
import { createDatabase } from "../../worker/db/client.ts";
import { createLogger } from "../../worker/lib/logger.ts";
import { checkedApp, createMemoryMailer, createTestClock, testSettings } from "../support/test-app.ts";

it("reports an unreachable database as 503 with the error shape", async () => {
  // A libSQL HTTP URL where nothing listens: the client is real, the server is absent.
  const url = "http://127.0.0.1:9";
  const db = createDatabase(createClient({ url }));
  const config = parseConfig({ ...testSettings, DATABASE_URL: url });
  const logged: string[] = [];
  const logger = { ...createLogger("silent"), error: (msg: string) => void logged.push(msg) };
  const app = checkedApp(
    createApp({
      openDatabase: () => db,
      config,
      siteOrigin: () => "http://localhost",
      logger,
      clock: createTestClock(),
      mailer: createMemoryMailer(),
      passwords: nodePasswordHasher,
      emailWritten: async () => {},
      clientAddress: () => "192.0.2.1",
    }),
  );

  const res = await app.request("/api/health");
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({
    detail: "The database is not reachable right now.",
    code: "database_unavailable",
  });
  expect(logged).toEqual(["health check: database unreachable"]);
});
