import { eq } from "drizzle-orm";
import { readProfile, updateProfile } from "../../auth/profile.ts";
import { requireUser } from "../../auth/require-user.ts";
import { type ProfileLocale, profileLocaleSchema } from "../../contract/member-locale.ts";
import { type Profile, profileSchema, profileUpdateSchema } from "../../contract/profile.ts";
import { users } from "../../db/schema.ts";
import { localeOfRequest } from "../../i18n/request-locale.ts";
import { ApiError } from "../../lib/api-error.ts";
import { createRouter } from "../../lib/app-env.ts";
import { parseWith, validate } from "../../lib/validate.ts";
import { describeRoute } from "../../openapi/describe-route.ts";
import { validAnswers } from "../../survey/answers.ts";

const private_ = { "Cache-Control": "private, no-store" };

/** The signed-in member's own profile (docs/product.md §2, §7). */
export const userRoutes = createRouter()
  .use(requireUser())
  .get(
    "/profile",
    describeRoute({ summary: "The member's own profile", access: "member", ok: { 200: profileSchema } }),
    async (c) => c.json((await readProfile(c.var.db, c.var.user, localeOfRequest(c))) satisfies Profile, 200, private_),
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
      return c.json((await readProfile(db, saved, localeOfRequest(c))) satisfies Profile, 200, private_);
    },
  )
  // The member's language (ADR 0083), apart from the profile's SPEC fields: the language e-mails
  // are written in, set at sign-up from the sign-up page's language.
  .get(
    "/profile/locale",
    describeRoute({
      summary: "The language the shop writes to the member in",
      access: "member",
      ok: { 200: profileLocaleSchema },
    }),
    async (c) => c.json({ locale: c.var.user.locale } satisfies ProfileLocale, 200, private_),
  )
  .put(
    "/profile/locale",
    describeRoute({
      summary: "Change the language the shop writes to the member in",
      access: "member",
      ok: { 200: profileLocaleSchema },
      errors: [400],
    }),
    validate("json", profileLocaleSchema),
    async (c) => {
      const { locale } = c.req.valid("json");
      await c.var.db.update(users).set({ locale, updatedAt: c.var.clock.now() }).where(eq(users.id, c.var.user.id));
      return c.json({ locale } satisfies ProfileLocale, 200, private_);
    },
  );
