import { sql } from "drizzle-orm";
import * as z from "zod/mini";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { describeRoute } from "../../openapi/describe-route.ts";

const healthSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });

/** Liveness plus a real round trip to the database, for uptime checks and deploy smoke tests. */
export const healthRoutes = createRouter().get(
  "/",
  describeRoute({ summary: "Liveness and a database round trip", access: "public", ok: { 200: healthSchema } }),
  async (c) => {
    try {
      await c.var.db.run(sql`select 1`);
    } catch (error) {
      c.var.logger.error("health check: database unreachable", { error: String(error) });
      throw new ApiError(503, "database_unavailable", (t) => t.api_database_unreachable);
    }
    return c.json({ status: "ok" as const, database: "ok" as const }, 200, {
      "Cache-Control": "no-store",
    });
  },
);
