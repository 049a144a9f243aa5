import { createMiddleware } from "hono/factory";
import * as z from "zod/mini";
import { eventSchema, maxEventBytes } from "../../contract/insights.ts";
import { recordEvent } from "../../insights/events.ts";
import { ApiError } from "../../lib/api-error.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/app-env.ts";
import { validate } from "../../lib/validate.ts";
import { describeRoute } from "../../openapi/describe-route.ts";

/**
 * An event is a few dozen bytes; anything past 1 kB is refused before it is parsed further (the
 * app-wide limit is 1 MB, for the admin's rich text). The app's JSON check has read the body
 * already, so this measures what it read.
 */
const smallBody = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const declared = Number(c.req.header("Content-Length") ?? 0);
    if (declared > maxEventBytes || new TextEncoder().encode(await c.req.text()).length > maxEventBytes) {
      throw new ApiError(413, "payload_too_large", (t) => t.api_event_too_large({ max: maxEventBytes }));
    }
    await next();
  });

/**
 * `POST /api/events` (issue 31, docs/decisions/0055-counting-without-tracking.md): a product's
 * page viewed or its marketplace link followed. Answered 202 `{status: "accepted"}` whether or not it was
 * counted (a repeat past the per-address bound is not), nothing worth reading: a page sends it with
 * `navigator.sendBeacon` and never looks.
 */
export const eventRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Count a product page's view or a follow of its marketplace link (no cookie, no identifier)",
    access: "public",
    ok: { 202: z.object({ status: z.literal("accepted") }) },
    errors: [400],
  }),
  smallBody(),
  validate("json", eventSchema),
  async (c) => {
    await recordEvent(
      c.var.db,
      { databaseUrl: c.var.config.DATABASE_URL, address: c.var.clientKey(), now: c.var.clock.now() },
      c.req.valid("json"),
    );
    // The same answer counted or not: a client cannot tell whether it reached the bound.
    return c.json({ status: "accepted" as const }, 202, { "Cache-Control": "no-store" });
  },
);
