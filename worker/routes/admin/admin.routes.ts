import * as z from "zod/mini";
import { listMembers } from "../../admin/members.ts";
import { readSettings } from "../../admin/settings.ts";
import { requireAdmin } from "../../auth/require-user.ts";
import { limitSignInsPerClient, signInWithLimits } from "../../auth/sign-in-attempts.ts";
import { type AdminSettings, type AdminUser, adminSettingsSchema, adminUserSchema } from "../../contract/admin.ts";
import { passwordGrantSchema, sessionSchema } from "../../contract/auth.ts";
import { type Insights, insightsQuerySchema, insightsSchema } from "../../contract/insights.ts";
import { localeOfRequest } from "../../i18n/request-locale.ts";
import { readInsights } from "../../insights/insights.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { validate } from "../../lib/validate.ts";
import { describeRoute } from "../../openapi/describe-route.ts";
import { adminImageRoutes } from "../images/images.routes.ts";
import { adminCategoryRoutes, adminProductRoutes } from "./admin-catalogue.routes.ts";

const noStore = { "Cache-Control": "no-store" };

const invalidAdmin = () => new ApiError(401, "invalid_credentials", (t) => t.api_invalid_admin_credentials);

/** Everything below this is the administrator's alone (docs/architecture.md §4). */
const adminOnly = createRouter()
  .use(requireAdmin())
  .get(
    "/users",
    describeRoute({ summary: "The members", access: "admin", ok: { 200: z.array(adminUserSchema) } }),
    async (c) => c.json((await listMembers(c.var.db, localeOfRequest(c))) satisfies AdminUser[], 200, noStore),
  )
  .get(
    "/settings",
    describeRoute({ summary: "What is configured", access: "admin", ok: { 200: adminSettingsSchema } }),
    async (c) => c.json((await readSettings(c.var.db, c.var.config)) satisfies AdminSettings, 200, noStore),
  )
  .get(
    "/insights",
    describeRoute({
      summary: "Views and marketplace visits per product and per day, over the last 7, 30 or 90 days",
      access: "admin",
      ok: { 200: insightsSchema },
      errors: [400],
    }),
    validate("query", insightsQuerySchema),
    async (c) => {
      const { days, product_id } = c.req.valid("query");
      const insights = await readInsights(c.var.db, { days, productId: product_id, now: c.var.clock.now() });
      return c.json(insights satisfies Insights, 200, noStore);
    },
  )
  .route("/products", adminProductRoutes)
  .route("/categories", adminCategoryRoutes)
  .route("/images", adminImageRoutes);

export const adminRoutes = createRouter()
  /**
   * docs/product.md §7: `{access_token, user}`, only for the administrator; anyone else, right password or
   * not, gets the same failure. Limited like sign-in.
   */
  .post(
    "/login",
    describeRoute({
      summary: "The administrator's sign-in",
      access: "public",
      ok: { 200: sessionSchema },
      errors: [400, 401, 429],
    }),
    limitSignInsPerClient(),
    validate("json", passwordGrantSchema),
    async (c) => {
      const result = await signInWithLimits(c, c.req.valid("json"), { adminOnly: true });
      if (!result.ok) throw invalidAdmin();
      const { access_token, refresh_token, expires_in, expires_at, user } = result.session;
      return c.json(
        { access_token, refresh_token, expires_in, expires_at, token_type: "bearer" as const, user },
        200,
        noStore,
      );
    },
  )
  .route("/", adminOnly);

/** For the route-table test: admin routes that are public on purpose. */
export const publicAdminPaths = ["/api/admin/login"];
