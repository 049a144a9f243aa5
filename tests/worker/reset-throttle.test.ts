import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { emailOutbox } from "../../worker/db/schema.ts";
import { createMember } from "../support/factories.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 38, item 7 in the production runtime (tests/api/reset-throttle.test.ts follows the e-mail
// through the dispatcher on a test clock; ADR 0063): a reset asked for within the address's
// minute is written to wait for the next one, and of several waiting only the newest stays.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.63" });
const recover = (email: string) => shop.request("POST", "/api/auth/recover", { body: { email } });

it("keeps a throttled reset waiting for the address's next minute, only the newest one", async () => {
  const member = await createMember(shop.database.db);
  const before = Date.now();
  for (let i = 0; i < 3; i++) {
    const res = await recover(member.email);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: "recovery_sent" });
  }
  const after = Date.now();
  const rows = await shop.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, member.email), eq(emailOutbox.kind, "reset_password")));
  // The first may have left already (waitUntil's pass) or been replaced while it waited: its
  // link ended with the next request anyway. One waits, for the minute after the first request.
  const waiting = rows.filter((row) => row.sentAt === null && row.sendAfter.getTime() > after);
  expect(waiting).toHaveLength(1);
  expect(waiting[0]?.sendAfter.getTime()).toBeGreaterThanOrEqual(before + 60_000);
  expect(waiting[0]?.sendAfter.getTime()).toBeLessThanOrEqual(after + 60_000);
});
