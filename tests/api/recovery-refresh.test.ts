import { eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it } from "vitest";
import { verifyAccessToken } from "../../worker/auth/access-token.ts";
import type { Session } from "../../worker/contract/auth.ts";
import { migrationsFolder } from "../../worker/db/migrate.ts";
import { refreshTokens } from "../../worker/db/schema.ts";
import { createMember } from "../support/factories.ts";
import { databaseBeforeMigration } from "../support/migrations.ts";
import { openRecoverySession } from "../support/recovery.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 26, defect 3: the session a reset link opens is for setting the password only, for 15
// minutes; refreshing its refresh token answered a full session (no purpose, one hour, a 30-day
// refresh chain) that read the profile. A refresh now keeps the purpose, and a recovery session
// ends with its window (ADR 0033).

const second = 1000;
const minute = 60 * second;
const window = 15 * minute;

const { app, db, clock } = await createTestApp({ RECOVER_LIMIT_PER_HOUR: 1000 });

const post = (path: string, body: unknown) =>
  app.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const refresh = (refresh_token: string) => post("/api/auth/token?grant_type=refresh_token", { refresh_token });
const profile = (token: string) => app.request("/api/user/profile", { headers: { Authorization: `Bearer ${token}` } });
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

/** A member's recovery session, opened from the link in their reset e-mail, and when it opened. */
async function openRecovery() {
  const member = await createMember(db);
  clock.advance(2 * minute); // past the one-a-minute e-mail throttle of any earlier address
  const recovery = await openRecoverySession(post, db, member.email);
  return { member, recovery, openedAt: nowSeconds() };
}

describe("refreshing a recovery session", () => {
  it("answers another recovery session, never one that reads the profile, ending when the first does", async () => {
    const { recovery, openedAt } = await openRecovery();
    expect((await profile(recovery.access_token)).status).toBe(401);

    let current = recovery;
    for (const wait of [second, 5 * minute, 9 * minute]) {
      clock.advance(wait);
      const res = await refresh(current.refresh_token);
      expect(res.status).toBe(200);
      current = (await res.json()) as Session;
      expect((await profile(current.access_token)).status).toBe(401);
      const claims = await verifyAccessToken(current.access_token, testSettings.JWT_SECRET, clock.now());
      expect(claims?.purpose).toBe("recovery");
      expect(current.expires_at).toBe(openedAt + window / second);
      expect(current.expires_in).toBe(openedAt + window / second - nowSeconds());
    }
  });

  it("refreshes nothing after the 15-minute window, and its access token has ended too", async () => {
    const { recovery } = await openRecovery();
    clock.advance(window);
    expect(await (await refresh(recovery.refresh_token)).json()).toMatchObject({ code: "invalid_grant" });
    const late = await app.request("/api/auth/user", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${recovery.access_token}` },
      body: JSON.stringify({ password: "too-late-1" }),
    });
    expect(late.status).toBe(401);
  });

  it("still sets the password with a refreshed recovery session, which then ends", async () => {
    const { member, recovery } = await openRecovery();
    clock.advance(minute);
    const refreshed = (await (await refresh(recovery.refresh_token)).json()) as Session;
    const set = await app.request("/api/auth/user", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${refreshed.access_token}` },
      body: JSON.stringify({ password: "after-reset-2" }),
    });
    expect(set.status).toBe(200);
    expect((await refresh(refreshed.refresh_token)).status).toBe(400);
    const signIn = await post("/api/auth/token?grant_type=password", {
      email: member.email,
      password: "after-reset-2",
    });
    expect(signIn.status).toBe(200);
  });

  it("leaves an ordinary session as it was: an hour, the profile, a rolling refresh", async () => {
    const member = await createMember(db);
    const signedIn = (await (
      await post("/api/auth/token?grant_type=password", { email: member.email, password: member.password })
    ).json()) as Session;
    clock.advance(window + minute);
    const refreshed = (await (await refresh(signedIn.refresh_token)).json()) as Session;
    expect(refreshed.expires_in).toBe(3600);
    expect((await profile(refreshed.access_token)).status).toBe(200);
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, member.id));
    expect(row).toMatchObject({ purpose: null, familyEndsAt: null });
  });
});

describe("migration 0004", () => {
  it("marks the recovery sessions issued before it, so their refresh tokens stay recovery sessions", async () => {
    // The database as it was before: migrations 0000–0003 only.
    const { old, client } = await databaseBeforeMigration("0004");

    // A member who used a reset link at `usedAt` (its session refreshed once since), and signed
    // in elsewhere a second later.
    const member = await createMember(old);
    const usedAt = new Date("2026-11-20T08:00:00Z");
    const at = (ms: number) => new Date(usedAt.getTime() + ms);
    const exec = (sql: string, args: (string | number)[]) => client.execute({ sql, args });
    await exec(
      "insert into one_time_tokens (token_hash, user_id, purpose, expires_at, used_at, created_at) values (?, ?, 'reset_password', ?, ?, ?)",
      ["reset-hash", member.id, at(40 * minute).getTime(), usedAt.getTime(), at(-20 * minute).getTime()],
    );
    const row = (hash: string, family: string, created: Date) =>
      exec(
        "insert into refresh_tokens (token_hash, user_id, family_id, expires_at, created_at) values (?, ?, ?, ?, ?)",
        [hash, member.id, family, created.getTime() + 30 * 24 * 60 * minute, created.getTime()],
      );
    await row("recovery-first", "recovery-family", usedAt);
    await row("recovery-second", "recovery-family", at(2 * minute));
    await row("ordinary", "ordinary-family", at(second));

    await migrate(old, { migrationsFolder });
    const rows = await old.select().from(refreshTokens).orderBy(refreshTokens.tokenHash);
    expect(rows.map(({ tokenHash, purpose, familyEndsAt }) => ({ tokenHash, purpose, familyEndsAt }))).toEqual([
      { tokenHash: "ordinary", purpose: null, familyEndsAt: null },
      { tokenHash: "recovery-first", purpose: "recovery", familyEndsAt: at(window) },
      { tokenHash: "recovery-second", purpose: "recovery", familyEndsAt: at(window) },
    ]);
    client.close();
  });
});
