import type { SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { api, readJson } from "../../lib/api-client.ts";

/** The questions in order, and whether they could be loaded at all (an empty survey is not a failure). */
export type SurveyQuestionsLoad = { questions: SurveyQuestion[]; failed: boolean };

/**
 * The temperament test's questions in order. A failure is logged, and reported so that the
 * sign-up wizard can say so and offer to try again rather than let the visitor on with no
 * answers, which the server refuses (issue 38).
 */
export async function loadSurveyQuestions(): Promise<SurveyQuestionsLoad> {
  try {
    const { questions } = await readJson(api.survey.questions.$get());
    return { questions: [...questions].sort((a, b) => a.order - b.order), failed: false };
  } catch (error) {
    console.warn("Could not load the survey questions", error);
    return { questions: [], failed: true };
  }
}

/** docs/product.md §7: on failure the list is empty and the failure is only logged; the screens show their empty texts. */
export async function fetchSurveyQuestions(): Promise<SurveyQuestion[]> {
  return (await loadSurveyQuestions()).questions;
}
