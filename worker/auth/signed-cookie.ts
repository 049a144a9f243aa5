import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { errors, jwtVerify, SignJWT } from "jose";
import type { AppEnv } from "../lib/app-env.ts";
import { newToken } from "./tokens.ts";

// Cookies the server signs to recognise a browser it has seen (device cookies, ADR 0035; the
// proof of the browser that signed up, ADR 0034): a JWT naming a subject, with a random nonce
// and an expiry, HttpOnly and never read by the page.

export type SignedCookie = {
  name: string;
  /** Names the key: a cookie signed for one purpose never passes for another's. */
  purpose: string;
  path: string;
  sameSite: "Strict" | "Lax";
  seconds: number;
};

const encoder = new TextEncoder();

export async function hmacSha256(key: Uint8Array<ArrayBuffer>, data: string): Promise<Uint8Array<ArrayBuffer>> {
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, encoder.encode(data)));
}

/**
 * A key of the purpose's own, derived from JWT_SECRET: such a cookie can never pass for an
 * access token, nor an access token for it.
 */
export const cookieKey = (c: Context<AppEnv>, purpose: string) =>
  hmacSha256(encoder.encode(c.var.config.JWT_SECRET), `cookie:${purpose}`);

/** Sets the cookie naming `subject`, with a new nonce; Secure whenever the shop is reached over https. */
export async function setSignedCookie(c: Context<AppEnv>, cookie: SignedCookie, subject: string): Promise<void> {
  const issuedAt = Math.floor(c.var.clock.now().getTime() / 1000);
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(subject)
    .setJti(newToken())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + cookie.seconds)
    .sign(await cookieKey(c, cookie.purpose));
  setCookie(c, cookie.name, value, {
    path: cookie.path,
    httpOnly: true,
    sameSite: cookie.sameSite,
    secure: [c.req.url, c.var.config.PUBLIC_URL].some((url) => url?.startsWith("https:")),
    maxAge: cookie.seconds,
  });
}

/**
 * The subject and nonce of the request's cookie, or null when it carries none, or one that is
 * forged, altered, expired, or (given `subject`) names another.
 */
export async function readSignedCookie(
  c: Context<AppEnv>,
  cookie: SignedCookie,
  subject?: string,
): Promise<{ subject: string; nonce: string } | null> {
  const value = getCookie(c, cookie.name);
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, await cookieKey(c, cookie.purpose), {
      algorithms: ["HS256"],
      currentDate: c.var.clock.now(),
      requiredClaims: ["sub", "jti", "exp"],
      ...(subject === undefined ? {} : { subject }),
    });
    return typeof payload.sub === "string" && typeof payload.jti === "string"
      ? { subject: payload.sub, nonce: payload.jti }
      : null;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
