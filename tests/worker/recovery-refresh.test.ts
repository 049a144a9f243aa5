import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Session } from "../../worker/contract/auth.ts";
import { refreshTokens } from "../../worker/db/schema.ts";
import { createMember } from "../support/factories.ts";
import { openRecoverySession } from "../support/recovery.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 26, defect 3 in the production runtime (tests/api/recovery-refresh.test.ts has the whole
// story): a recovery session's refresh stays a recovery session and ends with its window. The
// Worker's clock cannot be moved, so the window's end is moved instead, in the database.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.50" });
const post = (path: string, body: unknown) => shop.request("POST", path, { body });
const refresh = (refresh_token: string) => post("/api/auth/token?grant_type=refresh_token", { refresh_token });
const profile = (token: string) => shop.request("GET", "/api/user/profile", { token });

it("refreshes a recovery session into a recovery session only, and nothing after its window", async () => {
  const { db } = shop.database;
  const member = await createMember(db);
  const recovery = await openRecoverySession(post, db, member.email);
  expect((await profile(recovery.access_token)).status).toBe(401);

  const res = await refresh(recovery.refresh_token);
  expect(res.status).toBe(200);
  const refreshed = (await res.json()) as Session;
  expect((await profile(refreshed.access_token)).status).toBe(401);
  expect(refreshed.expires_in).toBeLessThanOrEqual(15 * 60);

  // The window is over.
  await db
    .update(refreshTokens)
    .set({ familyEndsAt: new Date(Date.now() - 1000) })
    .where(eq(refreshTokens.userId, member.id));
  expect(await (await refresh(refreshed.refresh_token)).json()).toMatchObject({ code: "invalid_grant" });
});
