import { errors, jwtVerify, SignJWT } from "jose";

/** docs/architecture.md §4: access tokens live one hour. */
export const accessTokenTtlSeconds = 60 * 60;

export type AccessClaims = {
  /** The user's id. */
  sub: string;
  email: string;
  role: "member" | "admin";
  /** The refresh-token family (the session) the token belongs to; logout revokes it. */
  sid: string;
  /** "recovery" for the short session a password-reset link opens; absent otherwise. */
  purpose?: "recovery";
};

const issuer = "dogal-yasam";
const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  claims: AccessClaims,
  secret: string,
  now: Date,
  ttlSeconds = accessTokenTtlSeconds,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const { sub, ...rest } = claims;
  return (
    new SignJWT(rest)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(sub)
      // Unique per token: two tokens of one session issued in the same second would otherwise be
      // the same string, and a refresh would look like no refresh.
      .setJti(crypto.randomUUID())
      .setIssuer(issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key(secret))
  );
}

/**
 * The claims of a valid token, or null for an expired, forged, malformed or `alg: none` one
 * (only HS256 is accepted, so a token cannot choose a weaker algorithm).
 */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      issuer,
      currentDate: now,
    });
    const { sub, email, role, sid, purpose } = payload;
    if (typeof sub !== "string" || typeof email !== "string" || typeof sid !== "string") return null;
    if (role !== "member" && role !== "admin") return null;
    return { sub, email, role, sid, ...(purpose === "recovery" ? { purpose } : {}) };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
