import { asc } from "drizzle-orm";
import type { MemberLocale } from "../contract/member-locale.ts";
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
 * one of its options, in English or in Turkish, and nothing else. Problems are keyed
 * `survey_responses.<question id>`, the way the API reports a field (docs/architecture.md §3).
 *
 * An answer is kept as its option's English text, whichever language it came in (ADR 0084): one
 * stored form, which `answerIn` reads back in either language.
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
    const option = question.options.find((o) => o.text === answer || (o.textTr !== undefined && o.textTr === answer));
    if (answer === undefined) problems.push([`survey_responses.${question.id}`, "must be answered"]);
    else if (!option) problems.push([`survey_responses.${question.id}`, "is not one of the question's options"]);
    else answers.push({ questionId: question.id, answer: option.text, option });
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

/** A question's text in `locale`: its Turkish when it has one, else its English (ADR 0084). */
export const questionIn = (question: Pick<StoredQuestion, "question" | "questionTr">, locale: MemberLocale) =>
  locale === "tr" && question.questionTr !== "" ? question.questionTr : question.question;

/** An option's text in `locale`. */
export const optionIn = (option: SurveyOption, locale: MemberLocale) =>
  locale === "tr" && option.textTr ? option.textTr : option.text;

/**
 * A stored answer (its option's English text) in `locale`. An answer that matches no option any
 * more (the survey changed since) is shown as it was stored.
 */
export function answerIn(question: Pick<StoredQuestion, "options"> | undefined, answer: string, locale: MemberLocale) {
  const option = question?.options.find((o) => o.text === answer);
  return option ? optionIn(option, locale) : answer;
}

/** A member's stored answers (question id → English option text) in `locale`. */
export function answersIn(
  survey: readonly StoredQuestion[],
  answers: Record<string, string>,
  locale: MemberLocale,
): Record<string, string> {
  if (locale === "en") return answers;
  const byId = new Map(survey.map((q) => [String(q.id), q]));
  return Object.fromEntries(
    Object.entries(answers).map(([id, answer]) => [id, answerIn(byId.get(id), answer, locale)]),
  );
}
