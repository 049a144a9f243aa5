import type { Session } from "../../worker/contract/auth.ts";
import type { Database } from "../../worker/db/client.ts";
import { createMember } from "./factories.ts";
import { openRecoverySession } from "./recovery.ts";

// Issue 37, item 1: a thief holding a member's refresh token refreshes in a loop while the owner
// throws them out (changes the password, resets it, signs out). Whatever the order the two meet
// in, once the owner's request has answered nothing the thief holds may work (ADR 0062).

type Answer = { status: number; json(): Promise<unknown>; body: { cancel(): Promise<void> } | null };
/** The test's way to the API: the Node app in-process or the built Worker. */
export type Send = (method: string, path: string, init?: { body?: unknown; token?: string }) => Promise<Answer>;

export type Revocation = "password change" | "reset" | "sign-out";

const drain = async (res: Answer) => {
  await res.body?.cancel();
};

async function session(send: Send, email: string, password: string): Promise<Session> {
  const res = await send("POST", "/api/auth/token?grant_type=password", { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return (await res.json()) as Session;
}

const refresh = (send: Send, refresh_token: string) =>
  send("POST", "/api/auth/token?grant_type=refresh_token", { body: { refresh_token } });

/**
 * The owner's side of a race, ready to go: the thief's stolen session, and the request that must
 * end it, sent when the returned `revoke` is called.
 */
async function prepare(send: Send, db: Database, kind: Revocation) {
  const member = await createMember(db);
  const stolen = await session(send, member.email, member.password);
  if (kind === "sign-out") {
    // The thief copied the refresh token off the owner's device; the owner signs out there.
    return { stolen, revoke: () => send("POST", "/api/auth/logout", { token: stolen.access_token }) };
  }
  if (kind === "reset") {
    const post = (path: string, body: unknown) => send("POST", path, { body });
    const recovery = await openRecoverySession(post, db, member.email);
    return {
      stolen,
      revoke: () => send("PUT", "/api/auth/user", { token: recovery.access_token, body: { password: "reset-9-new" } }),
    };
  }
  const own = await session(send, member.email, member.password);
  const body = { current_password: member.password, password: "changed-9-new" };
  return { stolen, revoke: () => send("PUT", "/api/auth/user", { token: own.access_token, body }) };
}

/**
 * One race. The thief refreshes one token after another, each with the newest it holds; the
 * owner's request starts after `head` of those refreshes, so over many races it meets the loop at
 * every step of a refresh. After the owner's answer the loop stops (its refresh in flight lands),
 * and the thief tries what it holds last: the refresh token, and the access token on the profile.
 *
 * @returns whether the thief kept the session (a survival)
 */
export async function raceOnce(send: Send, db: Database, kind: Revocation, head: number): Promise<boolean> {
  const { stolen, revoke } = await prepare(send, db, kind);
  let held = { refresh: stolen.refresh_token, access: stolen.access_token };
  let refreshes = 0;
  let stopped = false;
  let started: () => void = () => {};
  const ownerGoes = new Promise<void>((go) => {
    started = go;
  });
  const thief = (async () => {
    while (!stopped) {
      if (refreshes === head) started();
      const res = await refresh(send, held.refresh);
      if (res.status !== 200) {
        await drain(res);
        break;
      }
      const next = (await res.json()) as Session;
      held = { refresh: next.refresh_token, access: next.access_token };
      refreshes += 1;
    }
    started();
  })();
  await ownerGoes;
  const answer = await revoke();
  if (answer.status !== 200 && answer.status !== 204) throw new Error(`${kind} answered ${answer.status}`);
  await drain(answer);
  stopped = true;
  await thief;

  const refreshed = await refresh(send, held.refresh);
  await drain(refreshed);
  const read = await send("GET", "/api/user/profile", { token: held.access });
  await drain(read);
  return refreshed.status === 200 || read.status === 200;
}

/** `count` races of one kind; the survivals. */
export async function race(send: Send, db: Database, kind: Revocation, count: number): Promise<number> {
  let survivals = 0;
  for (let i = 0; i < count; i++) if (await raceOnce(send, db, kind, i % 3)) survivals += 1;
  return survivals;
}
