import { asc } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type SurveyOption, surveyQuestions } from "../db/schema.ts";
import { ApiError } from "../lib/api-error.ts";
import { listFields } from "../lib/validate.ts";

export type StoredQuestion = typeof surveyQuestions.$inferSelect;

export const loadSurvey = (db: Database): Promise<StoredQuestion[]> =>
  db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.order));

export type CheckedAnswers =
  | { ok: true; answers: { questionId: number; answer: string; option: SurveyOption }[] }
  | { ok: false; problems: [field: string, message: string][] };

/**
 * Checks a member's answers against the survey: every question answered, each with the text of
 * one of its options, and nothing else. Problems are keyed `survey_responses.<question id>`, the
 * way the API reports a field (docs/architecture.md §3).
 */
export function checkAnswers(survey: readonly StoredQuestion[], responses: Record<string, string>): CheckedAnswers {
  const problems: [field: string, message: string][] = [];
  const answers: { questionId: number; answer: string; option: SurveyOption }[] = [];
  const known = new Set(survey.map((q) => String(q.id)));
  for (const key of Object.keys(responses)) {
    if (!known.has(key)) problems.push([`survey_responses.${key}`, "is not a question of the survey"]);
  }
  for (const question of survey) {
    const answer = responses[String(question.id)];
    const option = question.options.find((o) => o.text === answer);
    if (answer === undefined) problems.push([`survey_responses.${question.id}`, "must be answered"]);
    else if (!option) problems.push([`survey_responses.${question.id}`, "is not one of the question's options"]);
    else answers.push({ questionId: question.id, answer, option });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, answers };
}

/**
 * The checked answers, or the 400 that names the problems (sign-up and profile alike), at most
 * 20 of them, like every other invalid request.
 */
export async function validAnswers(db: Database, responses: Record<string, string>) {
  const checked = checkAnswers(await loadSurvey(db), responses);
  if (checked.ok) return checked.answers;
  const { fields, unlisted } = listFields(checked.problems);
  throw new ApiError(400, "invalid_request", (t) => t.api_survey_answers({ more: unlisted }), { fields });
}
