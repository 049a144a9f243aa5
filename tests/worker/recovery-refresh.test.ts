import { desc, eq } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Session } from "../../worker/contract/auth.ts";
import { emailOutbox, refreshTokens } from "../../worker/db/schema.ts";
import { createMember } from "../support/factories.ts";
import { startWorkerShop, type WorkerShop } from "./harness.ts";

// Issue 26, defect 3 in the production runtime (tests/api/recovery-refresh.test.ts has the whole
// story): a recovery session's refresh stays a recovery session and ends with its window. The
// Worker's clock cannot be moved, so the window's end is moved instead, in the database.

let shop: WorkerShop;
let worker: Miniflare;
beforeAll(async () => {
  shop = await startWorkerShop();
  ({ worker } = shop);
});
afterAll(() => shop?.stop());

const post = (path: string, body: unknown) =>
  worker.dispatchFetch(`http://shop.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.50" },
    body: JSON.stringify(body),
  });
const refresh = (refresh_token: string) => post("/api/auth/token?grant_type=refresh_token", { refresh_token });
const profile = (token: string) =>
  worker.dispatchFetch("http://shop.test/api/user/profile", { headers: { Authorization: `Bearer ${token}` } });

it("refreshes a recovery session into a recovery session only, and nothing after its window", async () => {
  const { db } = shop.database;
  const member = await createMember(db);
  expect((await post("/api/auth/recover", { email: member.email })).status).toBe(202);
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, member.email))
    .orderBy(desc(emailOutbox.id));
  const token = /\/reset-password#token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  const opened = await post("/api/auth/verify", { type: "recovery", token });
  expect(opened.status).toBe(200);
  const recovery = (await opened.json()) as Session;
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
