import { asc } from "drizzle-orm";
import { etag } from "hono/etag";
import { revalidateEveryTime } from "../../catalogue/catalogue-reads.ts";
import type { SurveyQuestion } from "../../contract/catalogue.ts";
import { surveyQuestions } from "../../db/schema.ts";
import { createRouter } from "../../lib/app-env.ts";

/** The public survey: option texts only; which temperament each scores stays on the server. */
export const surveyRoutes = createRouter()
  .use(etag())
  .get("/questions", async (c) => {
    const rows = await c.var.db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.order));
    const questions: SurveyQuestion[] = rows.map((q) => ({
      id: q.id,
      question: q.question,
      options: q.options.map((o) => o.text),
      order: q.order,
    }));
    return c.json({ questions }, 200, { "Cache-Control": revalidateEveryTime });
  });
