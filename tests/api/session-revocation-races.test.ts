import { describe, expect, it } from "vitest";
import { bySize } from "../support/depth.ts";
import { race, type Send } from "../support/session-races.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 37, item 1 on the Node runtime (tests/support/session-races.ts tells the race; ADR 0062):
// a refresh running while the owner changes or resets the password, or signs out, must never
// bring the ended session back. Before the fix, 200 races each kept it alive in some of them.

// The password change is the race, 200 times in the deep run; reset and sign-out take the
// same path through the database (ADR 0062) and are raced fewer times. `npm test` runs 20 in all.
const races = bySize({
  smoke: { "password change": 12, reset: 4, "sign-out": 4 },
  deep: { "password change": 200, reset: 50, "sign-out": 50 },
});

const { app, db } = await createTestApp({
  SIGNIN_LIMIT_PER_IP: 1_000_000,
  SIGNIN_LIMIT_PER_ACCOUNT: 1_000_000,
  RECOVER_LIMIT_PER_HOUR: 1_000_000,
});

const send: Send = async (method, path, { body, token } = {}) =>
  app.request(path, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("a thief refreshing in a loop keeps nothing once the owner has", () => {
  for (const [kind, count] of Object.entries(races) as [keyof typeof races, number][]) {
    it(`${kind}: 0 of ${count} races`, { timeout: 600_000 }, async () => {
      expect(await race(send, db, kind, count)).toBe(0);
    });
  }
});
