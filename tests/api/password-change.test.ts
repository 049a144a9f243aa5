import { describe, expect, it } from "vitest";
import type { Session } from "../../worker/contract/auth.ts";
import { createMember } from "../support/factories.ts";
import { openRecoverySession } from "../support/recovery.ts";
import { createTestApp } from "../support/test-app.ts";

// Issue 26, defect 2: `PUT /api/auth/user` changed the password with any ordinary access token,
// so a borrowed or stolen session became a stolen account. Outside a recovery session it now
// asks for the current password (ADR 0033).

const minute = 60_000;

const { app, db, clock } = await createTestApp({ RECOVER_LIMIT_PER_HOUR: 1000 });

const send = (method: string, path: string, body?: unknown, token?: string) =>
  app.request(path, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const signIn = (email: string, password: string) =>
  send("POST", "/api/auth/token?grant_type=password", { email, password });
const session = async (email: string, password: string) => {
  const res = await signIn(email, password);
  expect(res.status).toBe(200);
  return (await res.json()) as Session;
};
const changePassword = (token: string, body: unknown) => send("PUT", "/api/auth/user", body, token);
const profile = (token: string) => send("GET", "/api/user/profile", undefined, token);
const refresh = (refresh_token: string) => send("POST", "/api/auth/token?grant_type=refresh_token", { refresh_token });

/** A member signed in twice: the session changing the password, and another device's. */
async function memberWithTwoSessions() {
  const member = await createMember(db);
  const here = await session(member.email, member.password);
  const there = await session(member.email, member.password);
  return { member, here, there };
}

/** What a refused change must leave: the old password, and every session, as they were. */
async function expectNothingChanged(member: { email: string; password: string }, sessions: Session[]) {
  expect((await signIn(member.email, member.password)).status).toBe(200);
  for (const { access_token } of sessions) expect((await profile(access_token)).status).toBe(200);
}

/** A member signed in twice asks for `change` and is refused with `answer`; the new password does not sign in. */
async function expectChangeRefused(change: { current_password?: string; password: string }, answer: unknown) {
  const { member, here, there } = await memberWithTwoSessions();
  const res = await changePassword(here.access_token, change);
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual(answer);
  expect((await signIn(member.email, change.password)).status).toBe(400);
  await expectNothingChanged(member, [here, there]);
}

describe("changing the password in an ordinary session", () => {
  it("refuses a new password without the current one, and changes nothing", async () => {
    await expectChangeRefused(
      { password: "stolen-account-1" },
      {
        code: "invalid_request",
        detail: "Invalid current_password: is required",
        fields: { current_password: "is required" },
      },
    );
  });

  it("refuses odd current passwords as a bad request, never a 500", async () => {
    const { member, here } = await memberWithTwoSessions();
    for (const current_password of ["", 12345678, null, ["member-password"], "x".repeat(129)]) {
      const res = await changePassword(here.access_token, { current_password, password: "stolen-account-2" });
      expect(res.status, JSON.stringify(current_password)).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "invalid_request",
        fields: { current_password: expect.any(String) },
      });
    }
    await expectNothingChanged(member, [here]);
  });

  it("refuses a wrong current password with a clear detail, and changes nothing", async () => {
    await expectChangeRefused(
      { current_password: "a-guess", password: "stolen-account-3" },
      {
        code: "invalid_current_password",
        detail: "Your current password is incorrect.",
        fields: { current_password: "is incorrect" },
      },
    );
  });

  it("with the right current password: changes it, ends the other sessions, and keeps this one", async () => {
    const { member, here, there } = await memberWithTwoSessions();
    const res = await changePassword(here.access_token, {
      current_password: member.password,
      password: "yeni-şifre-42",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ user: { id: member.id, email: member.email } });

    expect((await profile(there.access_token)).status).toBe(401);
    expect((await refresh(there.refresh_token)).status).toBe(400);
    expect((await profile(here.access_token)).status).toBe(200);
    const refreshed = await refresh(here.refresh_token);
    expect(refreshed.status).toBe(200);
    expect((await profile(((await refreshed.json()) as Session).access_token)).status).toBe(200);

    expect((await signIn(member.email, member.password)).status).toBe(400);
    expect((await signIn(member.email, "yeni-şifre-42")).status).toBe(200);
  });

  it("limits guesses per account: concurrent ones from several sessions too, and the right one within the window", async () => {
    const { member, here, there } = await memberWithTwoSessions();
    const guesses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        changePassword((i % 2 ? here : there).access_token, {
          current_password: `guess-${i}`,
          password: "stolen-account-4",
        }),
      ),
    );
    const statuses = guesses.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(11).fill(429)]);
    const limited = guesses.find((res) => res.status === 429);
    expect(Number(limited?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited?.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    expect(await limited?.json()).toMatchObject({ code: "too_many_requests" });

    // Even the right password waits for the window, and the refusal changed nothing.
    const right = { current_password: member.password, password: "yeni-şifre-43" };
    expect((await changePassword(here.access_token, right)).status).toBe(429);
    await expectNothingChanged(member, [here, there]);

    // Another account is not affected.
    const other = await createMember(db);
    const its = await session(other.email, other.password);
    expect(
      (await changePassword(its.access_token, { current_password: other.password, password: "other-new-1" })).status,
    ).toBe(200);

    clock.advance(15 * minute);
    expect((await changePassword(here.access_token, right)).status).toBe(200);
    expect((await signIn(member.email, "yeni-şifre-43")).status).toBe(200);
  });
});

describe("changing the password in a recovery session", () => {
  it("needs only the new password, and ends every session", async () => {
    const member = await createMember(db);
    const elsewhere = await session(member.email, member.password);
    clock.advance(2 * minute); // the e-mail throttle of an earlier test's address does not apply
    const recovery = await openRecoverySession((path, body) => send("POST", path, body), db, member.email);

    expect((await changePassword(recovery.access_token, { password: "after-reset-1" })).status).toBe(200);
    expect((await signIn(member.email, member.password)).status).toBe(400);
    expect((await signIn(member.email, "after-reset-1")).status).toBe(200);
    expect((await profile(elsewhere.access_token)).status).toBe(401);
  });
});
