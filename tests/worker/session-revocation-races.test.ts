import { describe, expect, it } from "vitest";
import { race, type Send } from "../support/session-races.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 37, item 1 in the production runtime (tests/support/session-races.ts tells the race;
// ADR 0062): the Worker's statements go to the database over the network, one round trip each,
// so before the fix a refresh met a revocation between its statements far more often than on Node.

const races = 200;

const shop = setUpWorkerShop({
  clientAddress: "198.51.100.62",
  settings: {
    SIGNIN_LIMIT_PER_IP: "1000000",
    SIGNIN_LIMIT_PER_ACCOUNT: "1000000",
    RECOVER_LIMIT_PER_HOUR: "1000000",
  },
});

const send: Send = (method, path, init = {}) => shop.request(method, path, init);

describe("a thief refreshing in a loop keeps nothing once the owner has", () => {
  for (const kind of ["password change", "reset", "sign-out"] as const) {
    it(`${kind}: 0 of ${races} races`, { timeout: 900_000 }, async () => {
      expect(await race(send, shop.database.db, kind, races)).toBe(0);
    });
  }
});
