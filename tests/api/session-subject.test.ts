import { describe, expect, it } from "vitest";
import { type AccessClaims, signAccessToken, verifyAccessToken } from "../../worker/auth/access-token.ts";
import type { Session } from "../../worker/contract/auth.ts";
import { createMember } from "../support/factories.ts";
import { createTestApp, testSettings } from "../support/test-app.ts";

// Issue 26, defect 6b: a token's session (`sid`) must belong to the token's subject (`sub`).
// The live-session check looked at the session alone, so a token with member A's id and member
// B's live session was accepted, and A's ended sessions could be kept alive through B's.

const { app, db, clock } = await createTestApp();

const signIn = async (email: string, password: string) => {
  const res = await app.request("/api/auth/token?grant_type=password", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Session;
};
const profile = (token: string) => app.request("/api/user/profile", { headers: { Authorization: `Bearer ${token}` } });
const claimsOf = async (session: Session) => {
  const claims = await verifyAccessToken(session.access_token, testSettings.JWT_SECRET, clock.now());
  if (!claims) throw new Error("the session's own token did not verify");
  return claims;
};
/** A token signed with the server's secret, as someone who has the secret could make one. */
const forge = (claims: AccessClaims) => signAccessToken(claims, testSettings.JWT_SECRET, clock.now());

describe("a token's session", () => {
  it("must be the subject's own: another member's live session is refused with 401", async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    const aClaims = await claimsOf(await signIn(a.email, a.password));
    const bClaims = await claimsOf(await signIn(b.email, b.password));

    // The forging works: with A's own session the token is accepted.
    expect((await profile(await forge(aClaims))).status).toBe(200);

    const crossed = await forge({ ...aClaims, sid: bClaims.sid });
    const res = await profile(crossed);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "invalid_token" });
    // B's session itself is untouched.
    expect((await profile(await forge(bClaims))).status).toBe(200);
  });

  it("cannot keep a signed-out member's session alive through another member's", async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    const aSession = await signIn(a.email, a.password);
    const bClaims = await claimsOf(await signIn(b.email, b.password));
    const out = await app.request("/api/auth/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${aSession.access_token}` },
    });
    expect(out.status).toBe(204);
    expect((await profile(aSession.access_token)).status).toBe(401);
    const revived = await forge({ ...(await claimsOf(aSession)), sid: bClaims.sid });
    expect((await profile(revived)).status).toBe(401);
  });
});
