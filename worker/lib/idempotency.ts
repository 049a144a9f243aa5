import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { SignedInEnv } from "../auth/require-user.ts";
import { idempotencyKeys } from "../db/schema.ts";
import { ApiError } from "./api-error.ts";

/**
 * DESIGN.md §3: an admin write sent again with the same `Idempotency-Key` (the offline queue
 * replaying after a lost answer) gets the first answer back and changes nothing. The first
 * answer is kept unless it was a server error, which is worth retrying. Runs after the admin
 * check, so keys are per administrator.
 */
export const idempotent = () =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const key = c.req.header("Idempotency-Key");
    if (!key) return next();
    if (key.length > 200) throw new ApiError(400, "invalid_request", "The Idempotency-Key header is too long.");
    const { db, user } = c.var;
    const first = await db.query.idempotencyKeys.findFirst({
      where: and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)),
    });
    if (first) {
      if (first.method !== c.req.method || first.path !== c.req.path) {
        throw new ApiError(422, "idempotency_key_reused", "This Idempotency-Key was used for another request.");
      }
      return new Response(first.body === "" ? null : first.body, {
        status: first.status,
        headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true", "Cache-Control": "no-store" },
      });
    }
    await next();
    if (c.res.status >= 500) return;
    const body = await c.res.clone().text();
    await db
      .insert(idempotencyKeys)
      .values({ key, userId: user.id, method: c.req.method, path: c.req.path, status: c.res.status, body })
      .onConflictDoNothing();
  });
