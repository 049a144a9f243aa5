import { sql } from "drizzle-orm";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";

/** Liveness plus a real round trip to the database, for uptime checks and deploy smoke tests. */
export const healthRoutes = createRouter().get("/", async (c) => {
  try {
    await c.var.db.run(sql`select 1`);
  } catch (error) {
    c.var.logger.error("health check: database unreachable", { error: String(error) });
    throw new ApiError(503, "database_unavailable", "The database is not reachable right now.");
  }
  return c.json({ status: "ok" as const, database: "ok" as const }, 200, {
    "Cache-Control": "no-store",
  });
});
