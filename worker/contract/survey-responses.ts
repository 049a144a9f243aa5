import * as z from "zod/mini";

/** More answers than the survey has questions (docs/product.md §9: 20); a request with more is refused at once. */
export const maxSurveyAnswers = 100;

/**
 * docs/product.md §3's `survey_responses`: each question's id → the text of the chosen option. Which
 * questions and options exist is checked against the survey on the server; the contract bounds
 * the size, so that check never looks up a megabyte of keys (docs/decisions/0032-bounded-inputs.md).
 */
export const surveyResponsesSchema = z
  .record(
    z.string().check(z.maxLength(20, { error: "is not a question of the survey" })),
    z.string().check(z.maxLength(1000, { error: "is not one of the question's options" })),
    { error: (issue) => (issue.code === "invalid_key" ? "is not a question of the survey" : undefined) },
  )
  .check(
    z.refine((responses) => Object.keys(responses).length <= maxSurveyAnswers, {
      error: `must answer at most ${maxSurveyAnswers} questions`,
    }),
  );
