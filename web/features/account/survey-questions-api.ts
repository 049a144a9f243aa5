import type { SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { api, readJson } from "../../lib/api-client.ts";

/**
 * The temperament test's questions in order. SPEC §7: on failure the list is empty and the
 * failure is only logged; the screens then show their empty texts.
 */
export async function fetchSurveyQuestions(): Promise<SurveyQuestion[]> {
  try {
    const { questions } = await readJson(api.survey.questions.$get());
    return [...questions].sort((a, b) => a.order - b.order);
  } catch (error) {
    console.warn("Could not load the survey questions", error);
    return [];
  }
}
