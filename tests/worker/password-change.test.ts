import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Session } from "../../worker/contract/auth.ts";
import { createMember } from "../support/factories.ts";
import { startWorkerShop, type WorkerShop } from "./harness.ts";

// Issue 26, defect 2 in the production runtime (tests/api/password-change.test.ts has the whole
// story): outside a recovery session a new password needs the current one, whose guesses are
// limited per account; the argon2 check runs in workerd's WebAssembly engine.

let shop: WorkerShop;
let worker: Miniflare;
beforeAll(async () => {
  shop = await startWorkerShop();
  ({ worker } = shop);
});
afterAll(() => shop?.stop());

const request = (method: string, path: string, body?: unknown, token?: string) =>
  worker.dispatchFetch(`http://shop.test${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": "198.51.100.40",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const signIn = (email: string, password: string) =>
  request("POST", "/api/auth/token?grant_type=password", { email, password });
const session = async (email: string, password: string) => {
  const res = await signIn(email, password);
  expect(res.status).toBe(200);
  return (await res.json()) as Session;
};
const profile = (token: string) => request("GET", "/api/user/profile", undefined, token);

it("needs the current password; the right one changes it, ends the other sessions and keeps this one", async () => {
  const member = await createMember(shop.database.db);
  const here = await session(member.email, member.password);
  const there = await session(member.email, member.password);

  const without = await request("PUT", "/api/auth/user", { password: "stolen-account" }, here.access_token);
  expect(without.status).toBe(400);
  expect(await without.json()).toMatchObject({ fields: { current_password: "is required" } });
  const wrong = await request(
    "PUT",
    "/api/auth/user",
    { current_password: "a-guess", password: "stolen-account" },
    here.access_token,
  );
  expect(wrong.status).toBe(400);
  expect(await wrong.json()).toMatchObject({ code: "invalid_current_password" });
  expect((await signIn(member.email, member.password)).status).toBe(200);
  expect((await profile(there.access_token)).status).toBe(200);

  const right = await request(
    "PUT",
    "/api/auth/user",
    { current_password: member.password, password: "yeni-şifre-9" },
    here.access_token,
  );
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
      request("PUT", "/api/auth/user", { current_password: `guess-${i}`, password: "stolen-account" }, access_token),
    ),
  );
  expect(guesses.map((res) => res.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  await Promise.all(guesses.map((res) => res.body?.cancel()));
  const right = { current_password: member.password, password: "yeni-şifre-10" };
  expect((await request("PUT", "/api/auth/user", right, access_token)).status).toBe(429);
  expect((await signIn(member.email, member.password)).status).toBe(200);
});
