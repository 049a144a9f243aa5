import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { errors, jwtVerify, SignJWT } from "jose";
import type { AppEnv } from "../lib/app-env.ts";
import { base64url, newToken } from "./tokens.ts";

// OWASP's "device cookies" (docs/decisions/0035-device-cookies.md): a browser that has signed in
// to an account holds a signed cookie naming that account and a random nonce. Its sign-in
// attempts are counted against the cookie, not against the account, so strangers' wrong
// passwords cannot lock the owner out of their own device.

/** How long a device stays trusted after its last successful sign-in. */
export const deviceCookieSeconds = 180 * 24 * 60 * 60;

const encoder = new TextEncoder();

const hmac = async (key: Uint8Array<ArrayBuffer>, data: string) => {
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, encoder.encode(data)));
};

/**
 * A key of the cookies' own, derived from JWT_SECRET: a device cookie can never pass for an
 * access token, nor an access token for a device cookie.
 */
const deviceKey = (secret: string) => hmac(encoder.encode(secret), "device-cookie");

/**
 * One cookie per account, so a browser shared by two members (or the administrator's own member
 * account) stays trusted for both. The name is a keyed hash of the address: it tells a reader of
 * the cookie jar nothing, and only this server can compute it.
 */
const cookieName = async (key: Uint8Array<ArrayBuffer>, email: string) =>
  `device-${base64url(await hmac(key, `name:${email}`)).slice(0, 16)}`;

/**
 * Sets a new device cookie for `email` on the response (a new nonce every success, as OWASP
 * describes). HttpOnly: no script needs it; SameSite=Strict and Path=/api: it goes only with the
 * shop's own API requests; Secure whenever the shop is reached over https.
 */
export async function issueDeviceCookie(c: Context<AppEnv>, email: string): Promise<void> {
  const key = await deviceKey(c.var.config.JWT_SECRET);
  const issuedAt = Math.floor(c.var.clock.now().getTime() / 1000);
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(email)
    .setJti(newToken())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + deviceCookieSeconds)
    .sign(key);
  const https = [c.req.url, c.var.config.PUBLIC_URL].some((url) => url?.startsWith("https:"));
  setCookie(c, await cookieName(key, email), value, {
    path: "/api",
    httpOnly: true,
    sameSite: "Strict",
    secure: https,
    maxAge: deviceCookieSeconds,
  });
}

/**
 * The nonce of the request's valid device cookie for `email`, or null when it carries none, or
 * one that is forged, altered, expired or names another account.
 */
export async function trustedDevice(c: Context<AppEnv>, email: string): Promise<string | null> {
  const key = await deviceKey(c.var.config.JWT_SECRET);
  const value = getCookie(c, await cookieName(key, email));
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, key, {
      algorithms: ["HS256"],
      subject: email,
      currentDate: c.var.clock.now(),
      requiredClaims: ["jti", "exp"],
    });
    return typeof payload.jti === "string" ? payload.jti : null;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
