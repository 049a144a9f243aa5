import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { users } from "../db/schema.ts";
import { ApiError } from "../lib/api-error.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { type AccessClaims, verifyAccessToken } from "./access-token.ts";
import { isSessionLive } from "./sessions.ts";

export type SignedInEnv = AppEnv & {
  Variables: AppEnv["Variables"] & { user: typeof users.$inferSelect; claims: AccessClaims };
};

/**
 * Lets a request through only with a valid bearer token whose user still exists and whose
 * session was not signed out (so deleting a user or logging out takes effect at once, not when
 * the token expires). Puts the user and the token's claims in `c.var`.
 *
 * @param options.recovery whether the short session a password-reset link opens is enough
 *   (only for setting the new password)
 */
export const requireUser = (options: { recovery?: "allow" } = {}) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw new ApiError(401, "unauthorized", (t) => t.api_sign_in_required);
    const claims = await verifyAccessToken(token, c.var.config.JWT_SECRET, c.var.clock.now());
    if (!claims || (claims.purpose === "recovery" && options.recovery !== "allow")) {
      throw new ApiError(401, "invalid_token", (t) => t.api_session_expired);
    }
    const user = await c.var.db.query.users.findFirst({ where: eq(users.id, claims.sub) });
    if (!user || !(await isSessionLive(c.var.db, claims.sid, user.id))) {
      throw new ApiError(401, "invalid_token", (t) => t.api_session_expired);
    }
    c.set("user", user);
    c.set("claims", claims);
    await next();
  });

/**
 * The administrator only (docs/architecture.md §4): a valid session whose user has the admin role and is
 * the account ADMIN_EMAIL names. No token or a bad one is 401; anyone else's is 403.
 */
export const requireAdmin = () =>
  createMiddleware<SignedInEnv>(async (c, next) =>
    requireUser()(c, async () => {
      const { user, config } = c.var;
      if (user.role !== "admin" || user.email !== config.ADMIN_EMAIL) {
        throw new ApiError(403, "forbidden", (t) => t.api_admin_only);
      }
      await next();
    }),
  );
