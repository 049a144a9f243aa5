import { asc } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type SurveyOption, surveyQuestions } from "../db/schema.ts";
import { ApiError } from "../lib/api-error.ts";

export type StoredQuestion = typeof surveyQuestions.$inferSelect;

export const loadSurvey = (db: Database): Promise<StoredQuestion[]> =>
  db.select().from(surveyQuestions).orderBy(asc(surveyQuestions.order));

export type CheckedAnswers =
  | { ok: true; answers: { questionId: number; answer: string; option: SurveyOption }[] }
  | { ok: false; fields: Record<string, string> };

/**
 * Checks a member's answers against the survey: every question answered, each with the text of
 * one of its options, and nothing else. Problems are keyed `survey_responses.<question id>`, the
 * way the API reports a field (DESIGN.md §3).
 */
export function checkAnswers(survey: readonly StoredQuestion[], responses: Record<string, string>): CheckedAnswers {
  const fields: Record<string, string> = {};
  const answers: { questionId: number; answer: string; option: SurveyOption }[] = [];
  const known = new Set(survey.map((q) => String(q.id)));
  for (const key of Object.keys(responses)) {
    if (!known.has(key)) fields[`survey_responses.${key}`] = "is not a question of the survey";
  }
  for (const question of survey) {
    const answer = responses[String(question.id)];
    const option = question.options.find((o) => o.text === answer);
    if (answer === undefined) fields[`survey_responses.${question.id}`] = "must be answered";
    else if (!option) fields[`survey_responses.${question.id}`] = "is not one of the question's options";
    else answers.push({ questionId: question.id, answer, option });
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, answers };
}

/** The checked answers, or the 400 that names each problem (sign-up and profile alike). */
export async function validAnswers(db: Database, responses: Record<string, string>) {
  const checked = checkAnswers(await loadSurvey(db), responses);
  if (checked.ok) return checked.answers;
  throw new ApiError(400, "invalid_request", "Please answer every question of the survey with one of its options.", {
    fields: checked.fields,
  });
}
