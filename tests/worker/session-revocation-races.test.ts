import { describe, expect, it } from "vitest";
import { bySize } from "../support/depth.ts";
import { race, type Send } from "../support/session-races.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 37, item 1 in the production runtime (tests/support/session-races.ts tells the race;
// ADR 0062): the Worker's statements go to the database over the network, one round trip each,
// so before the fix a refresh met a revocation between its statements far more often than on Node.

// The password change is the race, 200 times in the deep run; reset and sign-out take the
// same path through the database (ADR 0062) and are raced fewer times. `npm test` runs 20 in all.
const races = bySize({
  smoke: { "password change": 12, reset: 4, "sign-out": 4 },
  deep: { "password change": 200, reset: 50, "sign-out": 50 },
});

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
  for (const [kind, count] of Object.entries(races) as [keyof typeof races, number][]) {
    it(`${kind}: 0 of ${count} races`, { timeout: 900_000 }, async () => {
      expect(await race(send, shop.database.db, kind, count)).toBe(0);
    });
  }
});
