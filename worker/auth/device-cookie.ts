import type { Context } from "hono";
import type { AppEnv } from "../lib/app-env.ts";
import { cookieKey, hmacSha256, readSignedCookie, type SignedCookie, setSignedCookie } from "./signed-cookie.ts";
import { base64url } from "./tokens.ts";

// OWASP's "device cookies" (docs/decisions/0035-device-cookies.md): a browser that has signed in
// to an account holds a signed cookie naming that account and a random nonce. Its sign-in
// attempts are counted against the cookie, not against the account, so strangers' wrong
// passwords cannot lock the owner out of their own device.

/** How long a device stays trusted after its last successful sign-in. */
export const deviceCookieSeconds = 180 * 24 * 60 * 60;

/**
 * One cookie per account, so a browser shared by two members (or the administrator's own member
 * account) stays trusted for both. The name is a keyed hash of the address: it tells a reader of
 * the cookie jar nothing, and only this server can compute it. SameSite=Strict and Path=/api: it
 * goes only with the shop's own API requests.
 */
async function deviceCookie(c: Context<AppEnv>, email: string): Promise<SignedCookie> {
  const name = `device-${base64url(await hmacSha256(await cookieKey(c, "device-name"), email)).slice(0, 16)}`;
  return { name, purpose: "device", path: "/api", sameSite: "Strict", seconds: deviceCookieSeconds };
}

/** Sets a new device cookie for `email` on the response (a new nonce every success, as OWASP describes). */
export async function issueDeviceCookie(c: Context<AppEnv>, email: string): Promise<void> {
  await setSignedCookie(c, await deviceCookie(c, email), email);
}

/**
 * The nonce of the request's valid device cookie for `email`, or null when it carries none, or
 * one that is forged, altered, expired or names another account.
 */
export async function trustedDevice(c: Context<AppEnv>, email: string): Promise<string | null> {
  return (await readSignedCookie(c, await deviceCookie(c, email), email))?.nonce ?? null;
}
