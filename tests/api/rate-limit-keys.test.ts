import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../../worker/db/migrate.ts";
import { attemptKey } from "../../worker/lib/rate-limit.ts";
import { createMember, createSurvey, signupBody } from "../support/factories.ts";
import { migrationsUpTo } from "../support/migrations.ts";
import { createTestApp, createTestDatabase } from "../support/test-app.ts";

// Issue 37: the security counters in rate_limits are kept under the limit's name and an HMAC of
// whom they count, keyed from JWT_SECRET, so the table names no address and no e-mail (ADR 0065).
// The Worker counterpart is in tests/worker/client-addresses.test.ts.

const { app, db } = await createTestApp({ SIGNIN_LIMIT_PER_ACCOUNT: 3 });
const survey = await createSurvey(db);

const post = (path: string, client: string, body: unknown) =>
  app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Test-Client": client },
    body: JSON.stringify(body),
  });

const keys = async () => (await db.all<{ key: string }>(sql`select key from rate_limits`)).map((row) => row.key);

describe("rate_limits keys", () => {
  it("name no client address and no e-mail after sign-ups, sign-ins, recoveries and resends; the limits still hold", async () => {
    const member = await createMember(db, { email: "leyla.demir@example.com", password: "member-pass-1" });
    const signup = signupBody(survey, { email: "can.yilmaz@example.com" });
    const clients = ["203.0.113.50", "2001:db8:5:1::7", "198.51.100.51", "192.0.2.52"];
    expect((await post("/api/auth/signup", clients[0] ?? "", signup)).status).toBe(202);
    expect((await post("/api/auth/recover", clients[2] ?? "", { email: "deniz.ak@example.com" })).status).toBe(202);
    expect((await post("/api/auth/verify/resend", clients[3] ?? "", { email: "can.yilmaz@example.com" })).status).toBe(
      202,
    );
    // Wrong passwords from one address after another: the account's limit (3) holds all the same.
    const signIns = [];
    for (const client of [clients[1], "2001:db8:6:1::1", "2001:db8:7:1::1", "2001:db8:8:1::1"]) {
      const res = await post("/api/auth/token?grant_type=password", client ?? "", {
        email: member.email,
        password: "wrong-password-1",
      });
      signIns.push(`${res.status} ${((await res.json()) as { code?: string }).code ?? ""}`);
    }
    expect(signIns).toEqual([
      "400 invalid_credentials",
      "400 invalid_credentials",
      "400 invalid_credentials",
      "429 account_locked",
    ]);

    const stored = await keys();
    const names = new Set(stored.map((key) => key.slice(0, key.lastIndexOf(":"))));
    expect([...names].sort()).toEqual([
      "email",
      "recover:ip",
      "signin:account",
      "signin:ip",
      "signup:ip",
      "verify-resend:ip",
    ]);
    for (const key of stored) expect(key).toMatch(/^[a-z:-]+:[0-9a-f]{64}$/);
    const table = JSON.stringify(await db.all(sql`select * from rate_limits`)).toLowerCase();
    for (const named of [
      ...clients,
      "2001:db8:5:1::",
      "leyla",
      "can.yilmaz",
      "deniz.ak",
      "example.com",
      "203.0.113",
      "198.51.100",
    ]) {
      expect(table).not.toContain(named);
    }
  });

  it("are the same for one subject and differ for another and under another secret", async () => {
    const secret = "a-secret-that-is-at-least-32-bytes-long-1";
    const key = await attemptKey(secret, "signin:ip", "203.0.113.9");
    expect(await attemptKey(secret, "signin:ip", "203.0.113.9")).toBe(key);
    expect(await attemptKey(secret, "signin:ip", "203.0.113.10")).not.toBe(key);
    expect(await attemptKey(secret, "signup:ip", "203.0.113.9")).not.toBe(key.replace("signin", "signup"));
    expect(await attemptKey(`${secret}-2`, "signin:ip", "203.0.113.9")).not.toBe(key);
  });
});

describe("migration 0010", () => {
  it("deletes the counters kept under raw addresses and e-mails, and nothing else", async () => {
    const { db: old } = await createTestDatabase({ migrationsFolder: migrationsUpTo("0009_insights") });
    await old.run(
      sql`insert into rate_limits (key, count, reset_at) values ('signin:ip:203.0.113.9', 3, 1), ('email:a@example.com', 1, 1)`,
    );
    const member = await createMember(old);
    await migrateDatabase(old);
    expect(await old.all(sql`select * from rate_limits`)).toEqual([]);
    expect(await old.all(sql`select id from users where id = ${member.id}`)).toEqual([{ id: member.id }]);
  });
});
