import type { Context } from "hono";
import type { AppEnv } from "../lib/app-env.ts";
import { verificationTtlMs } from "./sign-up.ts";
import { readSignedCookie, type SignedCookie, setSignedCookie } from "./signed-cookie.ts";

/**
 * The proof that a browser is the one that signed up (docs/decisions/0034-pending-registrations.md):
 * set by every sign-up answer, it names that sign-up's registration, and a verification link
 * followed in this browser confirms at once; anywhere else the link asks for the password chosen
 * at sign-up. SameSite=Lax, because the link arrives as a navigation from a mail client or
 * webmail; Path=/api/auth/verify, because nothing else needs it; as long as the link lives.
 */
const registrationCookie: SignedCookie = {
  name: "registration",
  purpose: "registration",
  path: "/api/auth/verify",
  sameSite: "Lax",
  seconds: verificationTtlMs / 1000,
};

export const rememberRegistration = (c: Context<AppEnv>, registrationId: string) =>
  setSignedCookie(c, registrationCookie, registrationId);

/** The registration this browser signed up, or null. */
export const registrationOfBrowser = async (c: Context<AppEnv>): Promise<string | null> =>
  (await readSignedCookie(c, registrationCookie))?.subject ?? null;
