import { expect, it } from "vitest";
import { signAccessToken, verifyAccessToken } from "../../worker/auth/access-token.ts";
import type { Session } from "../../worker/contract/auth.ts";
import { createMember } from "../support/factories.ts";
import { setUpWorkerShop, testSettings } from "./harness.ts";

// Issue 26, defect 6b in the production runtime (tests/api/session-subject.test.ts has the
// whole story): a token naming one member and another member's live session is refused.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.60" });

/** The claims of the access token a member's sign-in answers. */
const signIn = async (email: string, password: string) => {
  const res = await shop.signIn(email, password);
  expect(res.status).toBe(200);
  const session = (await res.json()) as Session;
  const claims = await verifyAccessToken(session.access_token, testSettings.JWT_SECRET, new Date());
  if (!claims) throw new Error("the Worker's token did not verify with the test secret");
  return claims;
};
const profile = (token: string) => shop.request("GET", "/api/user/profile", { token });

it("refuses a token whose session is another member's", async () => {
  const a = await createMember(shop.database.db);
  const b = await createMember(shop.database.db);
  const aClaims = await signIn(a.email, a.password);
  const bClaims = await signIn(b.email, b.password);
  const forge = (sid: string) => signAccessToken({ ...aClaims, sid }, testSettings.JWT_SECRET, new Date());

  expect((await profile(await forge(aClaims.sid))).status).toBe(200);
  const crossed = await profile(await forge(bClaims.sid));
  expect(crossed.status).toBe(401);
  expect(await crossed.json()).toMatchObject({ code: "invalid_token" });
});
