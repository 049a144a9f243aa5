import { expect, it } from "vitest";
import type { Session } from "../../worker/contract/auth.ts";
import { createMember } from "../support/factories.ts";
import { setUpWorkerShop } from "./harness.ts";

// Issue 26, defect 2 in the production runtime (tests/api/password-change.test.ts has the whole
// story): outside a recovery session a new password needs the current one, whose guesses are
// limited per account; the argon2 check runs in workerd's WebAssembly engine.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.40" });
const { request, signIn } = shop;

const session = async (email: string, password: string) => {
  const res = await signIn(email, password);
  expect(res.status).toBe(200);
  return (await res.json()) as Session;
};
const profile = (token: string) => request("GET", "/api/user/profile", { token });
const changePassword = (token: string, body: unknown) => request("PUT", "/api/auth/user", { body, token });

it("needs the current password; the right one changes it, ends the other sessions and keeps this one", async () => {
  const member = await createMember(shop.database.db);
  const here = await session(member.email, member.password);
  const there = await session(member.email, member.password);

  const without = await changePassword(here.access_token, { password: "stolen-account" });
  expect(without.status).toBe(400);
  expect(await without.json()).toMatchObject({ fields: { current_password: "is required" } });
  const wrong = await changePassword(here.access_token, { current_password: "a-guess", password: "stolen-account" });
  expect(wrong.status).toBe(400);
  expect(await wrong.json()).toMatchObject({ code: "invalid_current_password" });
  expect((await signIn(member.email, member.password)).status).toBe(200);
  expect((await profile(there.access_token)).status).toBe(200);

  const right = await changePassword(here.access_token, {
    current_password: member.password,
    password: "yeni-şifre-9",
  });
  expect(right.status).toBe(200);
  expect((await profile(there.access_token)).status).toBe(401);
  expect((await profile(here.access_token)).status).toBe(200);
  expect((await signIn(member.email, member.password)).status).toBe(400);
  expect((await signIn(member.email, "yeni-şifre-9")).status).toBe(200);
});

it("limits concurrent guesses of the current password per account", async () => {
  const member = await createMember(shop.database.db);
  const { access_token } = await session(member.email, member.password);
  const guesses = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      changePassword(access_token, { current_password: `guess-${i}`, password: "stolen-account" }),
    ),
  );
  expect(guesses.map((res) => res.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  await Promise.all(guesses.map((res) => res.body?.cancel()));
  const right = { current_password: member.password, password: "yeni-şifre-10" };
  expect((await changePassword(access_token, right)).status).toBe(429);
  expect((await signIn(member.email, member.password)).status).toBe(200);
});
