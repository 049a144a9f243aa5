import { and, desc, eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it } from "vitest";
import { seedDatabase } from "../../drizzle/seed/seed.ts";
import { nodePasswordHasher } from "../../worker/auth/password-node.ts";
import { hashToken } from "../../worker/auth/tokens.ts";
import { confirmRegistration } from "../../worker/auth/verify-email.ts";
import type { Database } from "../../worker/db/client.ts";
import { migrationsFolder } from "../../worker/db/migrate.ts";
import {
  emailOutbox,
  oneTimeTokens,
  registrations,
  surveyResponses,
  temperamentResults,
  users,
} from "../../worker/db/schema.ts";
import { answerSurvey, createMember, createSurvey, signupBody } from "../support/factories.ts";
import { databaseBeforeMigration } from "../support/migrations.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 26 (4): someone signed up with another person's address and their own password a minute
// after the owner; the owner's first link stopped working and the newest one, which the owner
// clicked, confirmed the other person's password. Each sign-up is now a registration of its own
// whose link confirms only its own password, and a link followed in a browser other than the
// one that signed up asks for that password first (docs/decisions/0034-pending-registrations.md).

const minute = 60_000;

const { app, db, clock, survey } = await (async () => {
  const shop = await createTestApp({
    SIGNUP_LIMIT_PER_HOUR: 1000,
    RECOVER_LIMIT_PER_HOUR: 1000,
    SIGNIN_LIMIT_PER_IP: 1000,
  });
  return { ...shop, survey: await createSurvey(shop.db) };
})();

/** A browser: the cookies its answers set, sent with its next requests. */
function browser() {
  const jar = new Map<string, string>();
  const request = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const res = await app.request(path, {
      ...rest,
      headers: {
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...(jar.size > 0 ? { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") } : {}),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const [name, value] = (pair ?? "").split("=") as [string, string];
      jar.set(name, value);
    }
    return res;
  };
  return {
    jar,
    request,
    post: (path: string, json: unknown) => request(path, { method: "POST", json }),
    /** Follows a link from an e-mail: where the server sends the browser. */
    follow: async (link: string) => {
      const res = await request(link);
      expect(res.status).toBe(303);
      return res.headers.get("Location");
    },
  };
}

/** The links in the verification e-mails to an address, oldest first. */
async function verificationLinks(database: Database, to: string): Promise<string[]> {
  const mails = await database
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "verify_email")))
    .orderBy(emailOutbox.id);
  return mails.map((mail) => {
    const link = /\/api\/auth\/verify\?token=[\w-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error("no verification link");
    return link;
  });
}

const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("token") as string;
const confirmWith = (from: ReturnType<typeof browser>, link: string, password: string) =>
  from.post("/api/auth/verify", { type: "signup", token: tokenOf(link), password });
const signIn = (email: string, password: string) =>
  browser().post("/api/auth/token?grant_type=password", { email, password });

const memberByEmail = (email: string) => db.query.users.findFirst({ where: eq(users.email, email) });

describe("a stranger signing up with a pending address", () => {
  it("cannot get their password confirmed by the owner following the links in their mailbox", async () => {
    const owner = signupBody(survey, {
      first_name: "Elif",
      password: "owner-lavender-1",
      survey_responses: answerSurvey(survey, "melancholic"),
    });
    const attacker = {
      ...owner,
      first_name: "Mallory",
      password: "attacker-pass-9",
      survey_responses: answerSurvey(survey, "choleric"),
    };
    const ownersPhone = browser();
    const attackersLaptop = browser();
    expect((await ownersPhone.post("/api/auth/signup", owner)).status).toBe(202);
    clock.advance(2 * minute); // past the one-a-minute e-mail throttle
    expect((await attackersLaptop.post("/api/auth/signup", attacker)).status).toBe(202);

    const [ownersLink, attackersLink] = (await verificationLinks(db, owner.email)) as [string, string];
    expect(attackersLink).toBeDefined();

    // The owner reads the mail on a laptop that did not sign up: every link asks for the
    // password chosen at sign-up before it confirms anything.
    const ownersLaptop = browser();
    const newest = await ownersLaptop.follow(attackersLink);
    expect(newest).toBe(`/confirm-email#token=${tokenOf(attackersLink)}`);
    const wrong = await confirmWith(ownersLaptop, attackersLink, owner.password);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "wrong_password" });
    expect((await memberByEmail(owner.email))?.emailVerifiedAt).toBeNull();
    expect((await signIn(owner.email, attacker.password)).status).toBe(400);

    // The owner's own, older link still works, with the owner's password.
    expect(await ownersLaptop.follow(ownersLink)).toBe(`/confirm-email#token=${tokenOf(ownersLink)}`);
    const confirmed = await confirmWith(ownersLaptop, ownersLink, owner.password);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: "verified" });

    // The account is exactly the owner's sign-up: password, names, answers, result.
    const member = await memberByEmail(owner.email);
    expect(member?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(member?.firstName).toBe("Elif");
    expect(await nodePasswordHasher.verify(owner.password, member?.passwordHash ?? "")).toBe(true);
    const result = await db.query.temperamentResults.findFirst({
      where: eq(temperamentResults.userId, member?.id ?? ""),
    });
    expect(result?.dominant).toBe("melancholic");
    const answers = await db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.userId, member?.id ?? ""));
    expect(answers.map((a) => a.answer).sort()).toEqual(Object.values(owner.survey_responses).sort());

    expect((await signIn(owner.email, owner.password)).status).toBe(200);
    expect(await (await signIn(owner.email, attacker.password)).json()).toMatchObject({
      code: "invalid_credentials",
    });
    // The stranger's registration was dropped with the confirmation: their link is dead, even
    // in the browser that signed up, and even with their password.
    expect(await attackersLaptop.follow(attackersLink)).toBe("/verify-email?problem=invalid");
    expect((await confirmWith(attackersLaptop, attackersLink, attacker.password)).status).toBe(400);
    expect((await signIn(owner.email, attacker.password)).status).toBe(400);
  });

  it("cannot confirm their own registration from a browser that never signed up, without its password", async () => {
    const owner = signupBody(survey, { password: "owner-password-2" });
    await browser().post("/api/auth/signup", owner);
    clock.advance(2 * minute);
    const attacker = { ...owner, password: "attacker-password-2" };
    const attackersLaptop = browser();
    await attackersLaptop.post("/api/auth/signup", attacker);
    const [, attackersLink] = (await verificationLinks(db, owner.email)) as [string, string];

    // A mail scanner, or the owner clicking without thinking: a GET confirms nothing.
    for (let i = 0; i < 3; i++) await browser().follow(attackersLink);
    expect((await memberByEmail(owner.email))?.emailVerifiedAt).toBeNull();
    // Another registration's proof of browser is no proof for this one.
    const ownersBrowser = browser();
    await ownersBrowser.post("/api/auth/signup", { ...owner, email: "someone.else@example.com" });
    expect(await ownersBrowser.follow(attackersLink)).toMatch(/^\/confirm-email#token=/);
    expect((await memberByEmail(owner.email))?.emailVerifiedAt).toBeNull();
  });
});

describe("the browser that signed up", () => {
  it("confirms its own link at once; the cookie is HttpOnly, SameSite=Lax, for the link alone", async () => {
    const body = signupBody(survey);
    const phone = browser();
    const res = await phone.post("/api/auth/signup", body);
    const [set] = res.headers.getSetCookie();
    expect(set).toMatch(
      /^registration=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=86400; Path=\/api\/auth\/verify; HttpOnly; SameSite=Lax$/,
    );
    const [link] = (await verificationLinks(db, body.email)) as [string];
    expect(await phone.follow(link)).toBe("/verify-success");
    expect((await memberByEmail(body.email))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await phone.follow(link)).toBe("/verify-email?problem=used");
  });

  it("gets the same cookie whatever the address: new, pending, confirmed or throttled", async () => {
    const shape = (res: Response) =>
      res.headers
        .getSetCookie()
        .map((c) => c.replace(/=[\w-]+\.[\w-]+\.[\w-]+;/, "=…;"))
        .join();
    const confirmed = signupBody(survey);
    const tab = browser();
    await tab.post("/api/auth/signup", confirmed);
    await tab.follow(((await verificationLinks(db, confirmed.email)) as [string])[0]);
    clock.advance(2 * minute);
    const pending = signupBody(survey);
    await browser().post("/api/auth/signup", pending);
    clock.advance(2 * minute);

    const answers = [
      await browser().post("/api/auth/signup", signupBody(survey)),
      await browser().post("/api/auth/signup", { ...pending, password: "other-password" }),
      await browser().post("/api/auth/signup", { ...confirmed, password: "other-password" }),
      await browser().post("/api/auth/signup", { ...pending, password: "throttled-password" }), // throttled
    ];
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map(shape)).size).toBe(1);
  });
});

describe("confirming with the password", () => {
  it("refuses a wrong password a few times, then the link rests even for the right one", async () => {
    const body = signupBody(survey, { password: "the-right-one" });
    await browser().post("/api/auth/signup", body);
    const [link] = (await verificationLinks(db, body.email)) as [string];
    const elsewhere = browser();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => confirmWith(elsewhere, link, `guess-number-${i}`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(400), 429, 429]);
    const limited = await confirmWith(elsewhere, link, body.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await memberByEmail(body.email))?.emailVerifiedAt).toBeNull();
    clock.advance(15 * minute);
    expect((await confirmWith(elsewhere, link, body.password)).status).toBe(200);
  });

  it("confirms once when the same link is sent many times at once", async () => {
    const body = signupBody(survey);
    await browser().post("/api/auth/signup", body);
    const [link] = (await verificationLinks(db, body.email)) as [string];
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirmWith(browser(), link, body.password)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    const refusals = await Promise.all(answers.filter((r) => r.status === 400).map((r) => r.json()));
    expect(refusals.every((b) => (b as { code: string }).code === "link_used")).toBe(true);
    const kinds = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, body.email), eq(emailOutbox.kind, "temperament_result")));
    expect(kinds).toHaveLength(1);
  });

  it("refuses odd bodies with 400 and changes nothing", async () => {
    const body = signupBody(survey);
    await browser().post("/api/auth/signup", body);
    const [link] = (await verificationLinks(db, body.email)) as [string];
    for (const odd of [
      { type: "signup", token: tokenOf(link) },
      { type: "signup", token: tokenOf(link), password: "" },
      { type: "signup", token: tokenOf(link), password: "x".repeat(129) },
      { type: "signup", token: "", password: body.password },
      { type: "signup", token: tokenOf(link), password: body.password, extra: 1 },
      { type: "nope", token: tokenOf(link), password: body.password },
    ]) {
      const res = await browser().post("/api/auth/verify", odd);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_request" });
    }
    expect((await memberByEmail(body.email))?.emailVerifiedAt).toBeNull();
  });
});

describe("a reset link for a pending address", () => {
  it("confirms the address but not the password the last sign-up chose", async () => {
    const owner = signupBody(survey, { password: "owner-password-3" });
    await browser().post("/api/auth/signup", owner);
    clock.advance(2 * minute);
    const attacker = { ...owner, password: "attacker-password-3" };
    await browser().post("/api/auth/signup", attacker);
    clock.advance(2 * minute);

    // The owner, who cannot sign in, asks for a reset link and opens it, then goes away.
    expect((await browser().post("/api/auth/recover", { email: owner.email })).status).toBe(202);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, owner.email), eq(emailOutbox.kind, "reset_password")))
      .orderBy(desc(emailOutbox.id));
    const token = /#token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect((await browser().post("/api/auth/verify", { type: "recovery", token })).status).toBe(200);

    expect((await memberByEmail(owner.email))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await signIn(owner.email, attacker.password)).status).toBe(400);
    const [, attackersLink] = (await verificationLinks(db, owner.email)) as [string, string];
    expect((await confirmWith(browser(), attackersLink, attacker.password)).status).toBe(400);
    expect((await signIn(owner.email, attacker.password)).status).toBe(400);
  });
});

describe("the seed without ADMIN_PASSWORD", () => {
  it("does not make a pending sign-up for ADMIN_EMAIL the administrator", async () => {
    const squatter = signupBody(survey, { email: "new.admin@example.com", password: "squatter-password" });
    await browser().post("/api/auth/signup", squatter);
    await expect(seedDatabase(db, { adminEmail: squatter.email, adminPassword: undefined })).rejects.toThrow(
      "ADMIN_PASSWORD is required",
    );
    const member = await memberByEmail(squatter.email);
    expect(member).toMatchObject({ role: "member", emailVerifiedAt: null });
  });
});

describe("migration 0005", () => {
  it("turns each pending account into a registration whose live link still works, with its password", async () => {
    // The database as it was before: migrations 0000–0004 only.
    const { old, client } = await databaseBeforeMigration("0005");

    const questions = await createSurvey(old);
    const pending = await createMember(old, { verified: false, password: "pending-password" });
    const confirmed = await createMember(old);
    const chosen = answerSurvey(questions, "phlegmatic");
    await old.insert(surveyResponses).values(
      Object.entries(chosen).map(([questionId, answer]) => ({
        userId: pending.id,
        questionId: Number(questionId),
        answer,
      })),
    );
    const scores = { sanguine: 0, choleric: 0, melancholic: 0, phlegmatic: 20 };
    await old
      .insert(temperamentResults)
      .values({ userId: pending.id, dominant: "phlegmatic", secondary: "sanguine", scores });
    const exec = (sql: string, args: (string | number)[]) => client.execute({ sql, args });
    const at = new Date("2026-11-20T08:00:00Z").getTime();
    for (const [token, created] of [
      ["older-link", at - 5 * minute],
      ["live-link", at],
    ] as const) {
      await exec(
        "insert into one_time_tokens (token_hash, user_id, purpose, expires_at, created_at) values (?, ?, 'verify_email', ?, ?)",
        [await hashToken(token), pending.id, created + 24 * 60 * minute, created],
      );
    }
    await exec(
      "insert into one_time_tokens (token_hash, user_id, purpose, expires_at, created_at) values ('reset', ?, 'reset_password', ?, ?)",
      [confirmed.id, at + 60 * minute, at],
    );

    await migrate(old, { migrationsFolder });
    const rows = await old.select().from(registrations);
    expect(rows).toEqual([
      expect.objectContaining({
        email: pending.email,
        firstName: pending.firstName,
        passwordHash: pending.passwordHash,
        tokenHash: await hashToken("live-link"),
        expiresAt: new Date(at + 24 * 60 * minute),
        temperament: { dominant: "phlegmatic", secondary: "sanguine", scores },
        confirmedAt: null,
      }),
    ]);
    expect(rows[0]?.answers).toHaveLength(20);
    expect((await old.select().from(oneTimeTokens)).map((t) => t.tokenHash)).toEqual(["reset"]);

    const deps = {
      db: old,
      now: new Date(at + minute),
      resultDelayMs: 0,
      siteUrl: (path: string) => `http://x${path}`,
      previews: null,
    };
    expect(await confirmRegistration(deps, "older-link")).toBe("invalid");
    expect(await confirmRegistration(deps, "live-link")).toBe("verified");
    const member = await old.query.users.findFirst({ where: eq(users.id, pending.id) });
    expect(member?.emailVerifiedAt).toEqual(deps.now);
    expect(await nodePasswordHasher.verify("pending-password", member?.passwordHash ?? "")).toBe(true);
    client.close();
  });
});
