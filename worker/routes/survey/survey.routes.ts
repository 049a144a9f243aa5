import { asc } from "drizzle-orm";
import { etag } from "hono/etag";
import * as z from "zod/mini";
import { revalidateEveryTime } from "../../catalogue/catalogue-reads.ts";
import { type SurveyQuestion, surveyQuestionSchema } from "../../contract/catalogue.ts";
import { surveyQuestions } from "../../db/schema.ts";
import { createRouter } from "../../lib/app-env.ts";
import { describeRoute } from "../../openapi/describe-route.ts";

/** The public survey: option texts only; which temperament each scores stays on the server. */
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
      const rows = await c.var.db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.order));
      const questions: SurveyQuestion[] = rows.map((q) => ({
        id: q.id,
        question: q.question,
        options: q.options.map((o) => o.text),
        order: q.order,
      }));
      return c.json({ questions }, 200, { "Cache-Control": revalidateEveryTime });
    },
  );
