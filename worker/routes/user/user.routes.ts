import { readProfile, updateProfile } from "../../auth/profile.ts";
import { requireUser } from "../../auth/require-user.ts";
import { type Profile, profileSchema, profileUpdateSchema } from "../../contract/profile.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { parseWith } from "../../lib/validate.ts";
import { describeRoute } from "../../openapi/describe-route.ts";
import { validAnswers } from "../../survey/answers.ts";

const private_ = { "Cache-Control": "private, no-store" };

/** The signed-in member's own profile (docs/product.md §2, §7). */
export const userRoutes = createRouter()
  .use(requireUser())
  .get(
    "/profile",
    describeRoute({ summary: "The member's own profile", access: "member", ok: { 200: profileSchema } }),
    async (c) => c.json((await readProfile(c.var.db, c.var.user)) satisfies Profile, 200, private_),
  )
  .put(
    "/profile",
    describeRoute({
      summary: "Update the member's names and survey answers",
      access: "member",
      ok: { 200: profileSchema },
      errors: [400],
      body: profileUpdateSchema,
    }),
    async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      if (body && typeof body === "object" && "email" in body) {
        throw new ApiError(400, "email_locked", (t) => t.api_email_locked, { fields: { email: "cannot be changed" } });
      }
      const update = parseWith(profileUpdateSchema, body, "json");
      const answers = await validAnswers(c.var.db, update.survey_responses);
      const { db, user } = c.var;
      const now = c.var.clock.now();
      await updateProfile(
        db,
        user.id,
        { firstName: update.first_name, lastName: update.last_name, answers: answers },
        now,
      );
      const saved = { ...user, firstName: update.first_name, lastName: update.last_name };
      return c.json((await readProfile(db, saved)) satisfies Profile, 200, private_);
    },
  );
