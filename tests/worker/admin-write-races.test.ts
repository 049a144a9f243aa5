import { beforeAll } from "vitest";
import { type AdminShop, adminWriteRaceCases, provokedFailure } from "../support/admin-write-races.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// Issue 28 in the production runtime: the built Worker under workerd, each request with its own
// `@libsql/client/web` client over the local Turso-protocol endpoint. The same cases as
// tests/api/admin-write-races.test.ts; how long keys are kept is tested there, on the test clock.

const shop = setUpWorkerShop({
  clientAddress: "198.51.100.32",
  // The failure one case provokes on purpose is logged as the server error it is; any other
  // error still fails the test (fail-on-console-error.ts).
  onLog: (log) => {
    if (log.level === "error" && !log.message.includes(provokedFailure)) console.error(`workerd: ${log.message}`);
  },
});
let token: string;
beforeAll(async () => {
  const login = await shop.request("POST", "/api/admin/login", { body: testAdmin });
  ({ access_token: token } = (await login.json()) as { access_token: string });
});

const call: AdminShop["call"] = (method, path, body, headers) =>
  shop.request(method, path, { body, token, ...(headers ? { headers } : {}) });

adminWriteRaceCases(() => ({ call, db: shop.database.db }));
