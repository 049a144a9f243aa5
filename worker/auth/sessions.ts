import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Session, SessionUser } from "../contract/auth.ts";
import type { Database } from "../db/client.ts";
import { refreshTokens, users } from "../db/schema.ts";
import { type AccessClaims, accessTokenTtlSeconds, signAccessToken } from "./access-token.ts";
import { base64url, hashToken, newToken } from "./tokens.ts";

/** A refresh token works this long after it was issued; every refresh issues a new one. */
export const refreshTokenTtlMs = 30 * 24 * 60 * 60 * 1000;
/**
 * docs/architecture.md §4: a refresh token used again within this window (two tabs refreshing at once)
 * gets the same new session; used again later, it is taken as stolen and its family revoked.
 */
export const refreshGraceMs = 10_000;

type UserRow = typeof users.$inferSelect;

export type SessionDeps = { db: Database; now: Date; secret: string };

export function sessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    first_name: user.firstName,
    last_name: user.lastName,
    is_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

async function sessionFor(
  deps: SessionDeps,
  user: UserRow,
  familyId: string,
  refreshToken: string,
  extra: Pick<AccessClaims, "purpose"> = {},
  ttlSeconds = accessTokenTtlSeconds,
): Promise<Session> {
  const claims: AccessClaims = { sub: user.id, email: user.email, role: user.role, sid: familyId, ...extra };
  const issuedAt = Math.floor(deps.now.getTime() / 1000);
  return {
    access_token: await signAccessToken(claims, deps.secret, deps.now, ttlSeconds),
    refresh_token: refreshToken,
    expires_in: ttlSeconds,
    expires_at: issuedAt + ttlSeconds,
    token_type: "bearer",
    user: sessionUser(user),
  };
}

/**
 * A new session (a new refresh-token family) for a user who just proved who they are. A session
 * with a purpose (recovery) ends `ttlSeconds` from now, whatever its refreshes (ADR 0033).
 */
export async function startSession(
  deps: SessionDeps,
  user: UserRow,
  options: { purpose?: "recovery"; ttlSeconds?: number } = {},
): Promise<Session> {
  const familyId = crypto.randomUUID();
  const refreshToken = newToken();
  const { purpose = null, ttlSeconds = accessTokenTtlSeconds } = options;
  const familyEndsAt = purpose ? new Date(deps.now.getTime() + ttlSeconds * 1000) : null;
  await deps.db.insert(refreshTokens).values({
    tokenHash: await hashToken(refreshToken),
    userId: user.id,
    familyId,
    purpose,
    familyEndsAt,
    expiresAt: refreshExpiry(deps.now, familyEndsAt),
    createdAt: deps.now,
  });
  return sessionFor(deps, user, familyId, refreshToken, purpose ? { purpose } : {}, ttlSeconds);
}

/** A refresh token's end: 30 days on, or the end of its whole session when that comes first. */
const refreshExpiry = (now: Date, familyEndsAt: Date | null) =>
  new Date(Math.min(now.getTime() + refreshTokenTtlMs, familyEndsAt?.getTime() ?? Number.POSITIVE_INFINITY));

/**
 * Rotates a refresh token: it becomes used, and its successor is issued. The successor is an
 * HMAC of the used token under the server's secret, so a reuse within the grace window can be
 * answered with the same new token without storing any token in the clear. The new session
 * keeps the old one's purpose, and never outlives the session's end (a recovery session's
 * window): a refresh must not turn a session into more than it was (ADR 0033).
 *
 * @returns the new session, or null when the token is unknown, expired, revoked, past its
 *   session's end, or reused after the grace window (which revokes its whole family)
 */
export async function refreshSession(deps: SessionDeps, refreshToken: string): Promise<Session | null> {
  const { db, now } = deps;
  const tokenHash = await hashToken(refreshToken);
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, tokenHash) });
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  if (row.familyEndsAt && row.familyEndsAt <= now) return null;
  const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user) return null;

  let usedAt = row.usedAt;
  if (!usedAt) {
    const claimed = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)));
    // Another request claimed it first (two tabs at once): that is a reuse within the window.
    if (claimed.rowsAffected === 0) usedAt = now;
  }
  if (usedAt && now.getTime() - usedAt.getTime() > refreshGraceMs) {
    await revokeFamily(db, row.familyId, now);
    return null;
  }
  const successor = await successorOf(refreshToken, deps.secret);
  const successorHash = await hashToken(successor);
  // The successor is written in the statement that checks its parent is still unrevoked: a
  // revocation is one UPDATE of whole families, and SQLite runs one statement at a time, so it
  // comes either before (nothing is written) or after (it revokes the successor with the rest).
  // Read, then written in two statements, a revocation in between was undone (ADR 0062).
  const written = await db.run(sql`
    insert into refresh_tokens (token_hash, user_id, family_id, purpose, family_ends_at, expires_at, created_at)
    select ${successorHash}, user_id, family_id, purpose, family_ends_at,
      ${refreshExpiry(now, row.familyEndsAt).getTime()}, ${now.getTime()}
    from refresh_tokens where token_hash = ${tokenHash} and revoked_at is null
    on conflict (token_hash) do nothing`);
  // Nothing written: the parent was revoked, or this is a reuse within the grace and the
  // successor exists already; it is answered again only while it is unrevoked.
  if (written.rowsAffected === 0 && !(await isTokenLive(db, successorHash))) return null;
  const ttlSeconds = row.familyEndsAt
    ? Math.min(accessTokenTtlSeconds, Math.floor((row.familyEndsAt.getTime() - now.getTime()) / 1000))
    : accessTokenTtlSeconds;
  return sessionFor(deps, user, row.familyId, successor, row.purpose ? { purpose: row.purpose } : {}, ttlSeconds);
}

export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere. */
export async function revokeFamilies(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere but the session `keepFamilyId` (after a password change). */
export async function revokeOtherFamilies(db: Database, userId: string, keepFamilyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId), isNull(refreshTokens.revokedAt)),
    );
}

/**
 * Whether a session (refresh-token family) of this user is still live: logout and reuse revoke
 * it. The user is matched too, so a token cannot borrow another user's session (ADR 0033).
 */
export async function isSessionLive(db: Database, familyId: string, userId: string): Promise<boolean> {
  const live = await db.query.refreshTokens.findFirst({
    columns: { tokenHash: true },
    where: and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
  });
  return live !== undefined;
}

async function isTokenLive(db: Database, tokenHash: string): Promise<boolean> {
  const live = await db.query.refreshTokens.findFirst({
    columns: { tokenHash: true },
    where: and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt)),
  });
  return live !== undefined;
}

async function successorOf(refreshToken: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`refresh:${refreshToken}`));
  return base64url(new Uint8Array(mac));
}
