import { desc, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { verifyAccessToken } from "../../worker/auth/access-token.ts";
import type { PasswordHasher } from "../../worker/auth/password.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import type { AppConfig } from "../../worker/config/config.ts";
import type { Session } from "../../worker/contract/auth.ts";
import type { Profile } from "../../worker/contract/profile.ts";
import type { Database } from "../../worker/db/client.ts";
import { emailOutbox, temperamentResults, users } from "../../worker/db/schema.ts";
import { answerSurvey, createMember, createSurvey } from "../support/factories.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Sign-in, sessions, password reset and the profile (issue 12), in-process over a real libSQL
// file. Each `describe` gets its own app and database where its settings differ.

const second = 1000;
const minute = 60 * second;

async function shop(overrides: Partial<AppConfig> = {}, passwords?: PasswordHasher) {
  const shop = await createTestApp(
    { SIGNIN_LIMIT_PER_IP: 1000, SIGNIN_LIMIT_PER_ACCOUNT: 1000, ...overrides },
    {},
    passwords ? { passwords } : {},
  );
  const survey = await createSurvey(shop.db);
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    shop.app.request(path, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const signIn = (email: string, password: string, client = "192.0.2.1") =>
    send("POST", "/api/auth/token?grant_type=password", { email, password }, { "X-Test-Client": client });
  const refresh = (refresh_token: string) =>
    send("POST", "/api/auth/token?grant_type=refresh_token", { refresh_token });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const profile = (token: string) => send("GET", "/api/user/profile", undefined, bearer(token));
  const session = async (email: string, password: string) => {
    const res = await signIn(email, password);
    expect(res.status).toBe(200);
    return (await res.json()) as Session;
  };
  return { ...shop, survey, send, signIn, refresh, bearer, profile, session };
}

const errorOf = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as { detail: string; code: string },
});

// At the production parameters: an unknown address must cost what a real hash costs, and an
// old hash is replaced by one at today's parameters.
describe("signing in", async () => {
  const { db, clock, signIn, profile, session } = await shop({}, nodePasswordHasher);

  it("answers docs/product.md §3's session for a confirmed member, with a one-hour access token", async () => {
    const member = await createMember(db);
    const res = await signIn(`  ${member.email.toUpperCase()} `, member.password);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = (await res.json()) as Session;
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 3600,
      expires_at: now + 3600,
      token_type: "bearer",
      user: {
        id: member.id,
        email: member.email,
        role: "member",
        first_name: member.firstName,
        last_name: member.lastName,
        is_verified: true,
        created_at: member.createdAt.toISOString(),
      },
    });
    const claims = await verifyAccessToken(body.access_token, testSettings.JWT_SECRET, clock.now());
    expect(claims).toMatchObject({ sub: member.id, email: member.email, role: "member" });
    expect((await profile(body.access_token)).status).toBe(200);
  });

  it("says 'Email not confirmed' only once the password checked out", async () => {
    const member = await createMember(db, { verified: false });
    expect(await errorOf(await signIn(member.email, member.password))).toEqual({
      status: 400,
      body: { code: "email_not_confirmed", detail: "Email not confirmed" },
    });
    expect(await errorOf(await signIn(member.email, "wrong-password"))).toEqual({
      status: 400,
      body: { code: "invalid_credentials", detail: "Invalid login credentials" },
    });
  });

  it("answers a wrong password and an unknown address alike, in about the same time", async () => {
    // Stored as production stores it, so the known address costs a production-sized hash too.
    const member = await createMember(db, { passwordHash: await nodePasswordHasher.hash("member-password") });
    const wrong = await errorOf(await signIn(member.email, "not-the-password"));
    const unknown = await errorOf(await signIn("nobody.here@example.com", "not-the-password"));
    expect(unknown).toEqual(wrong);
    expect(wrong.body.detail).toContain("Invalid login credentials");

    // Both verify one argon2id hash (a dummy one for an unknown address). Medians of
    // alternating runs; a missing dummy hash would make the unknown address ~100 times faster.
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 5; i++) {
      for (const [kind, email] of [
        ["known", member.email],
        ["unknown", `nobody.${i}@example.com`],
      ] as const) {
        const started = performance.now();
        await signIn(email, "not-the-password");
        timings[kind].push(performance.now() - started);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const ratio = median(timings.unknown) / median(timings.known);
    console.log(`sign-in timing, unknown / known address: ${ratio.toFixed(2)} (medians of 5)`);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it("re-hashes a password stored with weaker parameters at the next sign-in", async () => {
    const weak = "$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$";
    const member = await createMember(db);
    // Stand-in for an old account: the same password hashed with weaker parameters.
    const { argon2id } = await import("@noble/hashes/argon2.js");
    const hash = argon2id(member.password, "saltsaltsaltsalt", { m: 4096, t: 1, p: 1, dkLen: 32 });
    const old = `${weak}${btoa(String.fromCharCode(...hash)).replace(/=+$/, "")}`;
    await db.update(users).set({ passwordHash: old }).where(eq(users.id, member.id));

    await session(member.email, member.password);
    const after = await db.query.users.findFirst({ where: eq(users.id, member.id) });
    expect(after?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await nodePasswordHasher.verify(member.password, after?.passwordHash ?? "")).toBe(true);
  });
});

// Many sign-ins, each verifying an argon2id hash.
describe("sign-in limits", { timeout: 60_000 }, async () => {
  const { db, clock, signIn } = await shop({ SIGNIN_LIMIT_PER_ACCOUNT: 10, SIGNIN_LIMIT_PER_IP: 15 });

  it("refuses an account with 429 and Retry-After after 10 failures, even with the right password, on a new device", async () => {
    const member = await createMember(db);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(member.email, `guess-${i}`, `198.51.100.${i}`)).status).toBe(400);
    }
    const limited = await signIn(member.email, member.password, "198.51.100.200");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    // A device that signed in before still gets in: tests/api/lockout.test.ts (ADR 0035).
    expect(await limited.json()).toMatchObject({ code: "account_locked" });
    clock.advance(15 * minute);
    expect((await signIn(member.email, member.password, "198.51.100.200")).status).toBe(200);
  });

  it("limits one address across accounts; a success clears its account's count, not the address's", async () => {
    const [mine, ...others] = await Promise.all([1, 2, 3].map(() => createMember(db)));
    if (!mine) throw new Error("no member");
    const ip = "203.0.113.77";
    for (let i = 0; i < 9; i++) await signIn(mine.email, "wrong", ip);
    expect((await signIn(mine.email, mine.password, ip)).status).toBe(200); // 10 attempts on the account
    // The success cleared the account's count: four more failures leave it open…
    for (let i = 0; i < 4; i++) expect((await signIn(mine.email, "wrong", ip)).status).toBe(400);
    expect((await signIn(mine.email, mine.password, "203.0.113.78")).status).toBe(200);
    // …but the address has made 14 of its 15 attempts, whatever the accounts.
    expect((await signIn(others[0]?.email ?? "", "wrong", ip)).status).toBe(400);
    const limited = await signIn(others[1]?.email ?? "", others[1]?.password ?? "", ip);
    expect(limited.status).toBe(429);
  });
});

describe("refresh tokens", async () => {
  const { db, clock, refresh, profile, session, send, bearer } = await shop();

  it("rotates: the new token works, the old one reused within 10 s gets the same new session", async () => {
    const member = await createMember(db);
    const first = await session(member.email, member.password);
    clock.advance(59 * minute);
    const rotated = (await (await refresh(first.refresh_token)).json()) as Session;
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(rotated.expires_at).toBe(Math.floor(clock.now().getTime() / 1000) + 3600);
    expect((await profile(rotated.access_token)).status).toBe(200);

    clock.advance(9 * second); // a second tab, refreshing at the same moment
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Session).refresh_token).toBe(rotated.refresh_token);

    const next = (await (await refresh(rotated.refresh_token)).json()) as Session;
    expect((await profile(next.access_token)).status).toBe(200);
  });

  it("revokes the whole family when a used token comes back after the grace window", async () => {
    const member = await createMember(db);
    const first = await session(member.email, member.password);
    const rotated = (await (await refresh(first.refresh_token)).json()) as Session;
    clock.advance(11 * second);

    expect(await errorOf(await refresh(first.refresh_token))).toEqual({
      status: 400,
      body: { code: "invalid_grant", detail: "Invalid Refresh Token" },
    });
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
    expect((await profile(rotated.access_token)).status).toBe(401);
  });

  it("signs out: logout revokes the session's refresh tokens and its access token at once", async () => {
    const member = await createMember(db);
    const current = await session(member.email, member.password);
    const other = await session(member.email, member.password);
    const out = await send("POST", "/api/auth/logout", undefined, bearer(current.access_token));
    expect(out.status).toBe(204);
    expect((await profile(current.access_token)).status).toBe(401);
    expect((await refresh(current.refresh_token)).status).toBe(400);
    expect((await profile(other.access_token)).status).toBe(200); // another device stays signed in
  });
});

describe("protected routes", async () => {
  const { db, clock, profile, session, send } = await shop();

  it("refuse a missing, forged, alg-none or expired token, and a deleted user's, with 401", async () => {
    const member = await createMember(db);
    const { access_token } = await session(member.email, member.password);
    const claims = { sub: member.id, email: member.email, role: "admin", sid: "x", iss: "dogal-yasam" };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-that-is-32-bytes-long!!"));
    const encode = (part: object) => btoa(JSON.stringify(part)).replaceAll("=", "");
    const none = `${encode({ alg: "none", typ: "JWT" })}.${encode({ ...claims, exp: 9e9 })}.`;

    expect((await send("GET", "/api/user/profile")).status).toBe(401);
    for (const token of [forged, none, "not-a-jwt"]) {
      expect(await errorOf(await profile(token))).toMatchObject({ status: 401, body: { code: "invalid_token" } });
    }
    clock.advance(60 * minute + second);
    expect((await profile(access_token)).status).toBe(401);

    const fresh = await session(member.email, member.password);
    await db.delete(users).where(eq(users.id, member.id));
    expect((await profile(fresh.access_token)).status).toBe(401);
  });
});

describe("password reset", async () => {
  const { db, clock, send, signIn, profile, session, bearer } = await shop({ RECOVER_LIMIT_PER_HOUR: 1000 });

  const resetToken = async (dbx: Database, to: string) => {
    const [mail] = await dbx.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
    expect(mail?.kind).toBe("reset_password");
    const token = /\/reset-password#token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error("no reset link");
    return token;
  };

  it("answers the same for every address and mails only an existing account", async () => {
    const member = await createMember(db);
    const known = await send("POST", "/api/auth/recover", { email: member.email });
    const unknown = await send("POST", "/api/auth/recover", { email: "nobody.recover@example.com" });
    expect({ status: known.status, body: await known.json() }).toEqual({
      status: unknown.status,
      body: await unknown.json(),
    });
    expect(known.status).toBe(202);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to, "nobody.recover@example.com"))).toBe(0);
    expect(await resetToken(db, member.email)).toMatch(/^[\w-]{43}$/);
  });

  it("opens a recovery session once, sets the new password, and signs every session out", async () => {
    const member = await createMember(db);
    const elsewhere = await session(member.email, member.password);
    await send("POST", "/api/auth/recover", { email: member.email });
    const token = await resetToken(db, member.email);

    const opened = await send("POST", "/api/auth/verify", { type: "recovery", token });
    expect(opened.status).toBe(200);
    const recovery = (await opened.json()) as Session;
    expect(recovery.expires_in).toBe(15 * 60);
    // Only for setting the password: the profile is not open to it.
    expect((await profile(recovery.access_token)).status).toBe(401);
    expect(await errorOf(await send("POST", "/api/auth/verify", { type: "recovery", token }))).toMatchObject({
      status: 400,
      body: { code: "link_used" },
    });

    const tooShort = await send("PUT", "/api/auth/user", { password: "12345" }, bearer(recovery.access_token));
    expect(tooShort.status).toBe(400);
    const set = await send("PUT", "/api/auth/user", { password: "yeni-parola-7" }, bearer(recovery.access_token));
    expect(set.status).toBe(200);

    expect((await signIn(member.email, member.password)).status).toBe(400);
    expect((await signIn(member.email, "yeni-parola-7")).status).toBe(200);
    expect((await profile(elsewhere.access_token)).status).toBe(401);
    expect((await send("PUT", "/api/auth/user", { password: "again-123" }, bearer(recovery.access_token))).status).toBe(
      401,
    );
  });

  it("refuses a link older than 60 minutes", async () => {
    const member = await createMember(db);
    clock.advance(2 * minute);
    await send("POST", "/api/auth/recover", { email: member.email });
    const token = await resetToken(db, member.email);
    clock.advance(60 * minute);
    expect(await errorOf(await send("POST", "/api/auth/verify", { type: "recovery", token }))).toMatchObject({
      status: 400,
      body: { code: "link_expired" },
    });
  });

  it("changes the password of a signed-in member and ends only their other sessions", async () => {
    const member = await createMember(db);
    const here = await session(member.email, member.password);
    const there = await session(member.email, member.password);
    const change = { current_password: member.password, password: "changed-pass" };
    const res = await send("PUT", "/api/auth/user", change, bearer(here.access_token));
    expect(res.status).toBe(200);
    expect((await profile(here.access_token)).status).toBe(200);
    expect((await profile(there.access_token)).status).toBe(401);
  });
});

describe("the profile", async () => {
  const { db, survey, send, session, bearer, profile } = await shop();

  it("shows the member's fields, answers and temperament; saving names and answers recomputes the result", async () => {
    const member = await createMember(db);
    const { access_token } = await session(member.email, member.password);
    const put = (body: unknown) => send("PUT", "/api/user/profile", body, bearer(access_token));

    const answers = answerSurvey(survey, "choleric");
    const saved = await put({ first_name: " Selin ", last_name: "Demir", survey_responses: answers });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Profile;
    expect(body).toEqual({
      id: member.id,
      first_name: "Selin",
      last_name: "Demir",
      email: member.email,
      is_verified: true,
      created_at: member.createdAt.toISOString(),
      survey_responses: answers,
      temperament: { dominant: "choleric", secondary: "sanguine" },
    });
    expect(await (await profile(access_token)).json()).toEqual(body);
    const stored = await db.query.temperamentResults.findFirst({ where: eq(temperamentResults.userId, member.id) });
    expect(stored?.scores).toEqual({ sanguine: 0, choleric: 20, melancholic: 0, phlegmatic: 0 });

    expect(
      await errorOf(await put({ first_name: "A", last_name: "B", survey_responses: answers, email: "x@y.z" })),
    ).toEqual({
      status: 400,
      body: expect.objectContaining({ code: "email_locked", detail: "Email cannot be changed" }),
    });
    const missing = { ...answers };
    delete missing[String(survey[0]?.id)];
    expect((await put({ first_name: "A", last_name: "B", survey_responses: missing })).status).toBe(400);
    expect((await put({ first_name: "", last_name: "B", survey_responses: answers })).status).toBe(400);
    expect((await db.query.users.findFirst({ where: eq(users.id, member.id) }))?.firstName).toBe("Selin");
  });
});

describe("refreshes and the per-address limit", async () => {
  const { db, signIn, refresh } = await shop({ SIGNIN_LIMIT_PER_IP: 2 });

  it("counts password attempts only: refreshing never uses up the address's sign-ins", async () => {
    const member = await createMember(db);
    const first = await signIn(member.email, member.password);
    expect(first.status).toBe(200);
    let { refresh_token } = (await first.json()) as Session;
    for (let i = 0; i < 5; i++) {
      const res = await refresh(refresh_token);
      expect(res.status).toBe(200);
      ({ refresh_token } = (await res.json()) as Session);
    }
    expect((await signIn(member.email, member.password)).status).toBe(200);
    expect((await signIn(member.email, member.password)).status).toBe(429);
  });
});
