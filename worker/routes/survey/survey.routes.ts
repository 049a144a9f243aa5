import { asc } from "drizzle-orm";
import { etag } from "hono/etag";
import * as z from "zod/mini";
import { revalidateEveryTime } from "../../catalogue/catalogue-reads.ts";
import { type SurveyQuestion, surveyQuestionSchema } from "../../contract/catalogue.ts";
import { surveyQuestions } from "../../db/schema.ts";
import { localeOfRequest } from "../../i18n/request-locale.ts";
import { createRouter } from "../../lib/app-env.ts";
import { describeRoute } from "../../openapi/describe-route.ts";
import { optionIn, questionIn } from "../../survey/answers.ts";

/**
 * The public survey: option texts only; which temperament each scores stays on the server. In the
 * request's language (ADR 0084): Turkish texts for a Turkish page, SPEC's English otherwise.
 */
export const surveyRoutes = createRouter()
  .use(etag())
  .get(
    "/questions",
    describeRoute({
      summary: "The survey's questions and option texts",
      access: "public",
      ok: { 200: z.object({ questions: z.array(surveyQuestionSchema) }), 304: null },
    }),
    async (c) => {
      const locale = localeOfRequest(c);
      const rows = await c.var.db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.order));
      const questions: SurveyQuestion[] = rows.map((q) => ({
        id: q.id,
        question: questionIn(q, locale),
        options: q.options.map((o) => optionIn(o, locale)),
        order: q.order,
      }));
      return c.json({ questions }, 200, { "Cache-Control": revalidateEveryTime, Vary: "Accept-Language" });
    },
  );
