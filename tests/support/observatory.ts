import { ALL_TESTS, NUM_TESTS } from "@mdn/mdn-http-observatory/src/constants.js";
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from "@mdn/mdn-http-observatory/src/grader/charts.js";
import {
  getGradeForScore,
  getScoreDescription,
  getScoreModifier,
} from "@mdn/mdn-http-observatory/src/grader/grader.js";
import { type RetrieveOptions, retrieve } from "@mdn/mdn-http-observatory/src/retriever/retriever.js";

export type Grade = {
  path: string;
  statusCode: number;
  grade: string;
  score: number;
  testsFailed: number;
  /** Each failed rule: its name, what it found and the score it cost. */
  failed: { name: string; result: string | null; scoreModifier: number | null }[];
  /** Each rule's outcome, for a failure message. */
  results: Record<string, string | null>;
};

/**
 * Grades one address of a host as the MDN HTTP Observatory does (algorithm version 4): the
 * package's own retriever fetches it over http and https (following the http side's redirects,
 * fetching robots.txt and a CORS preflight as a scan does), and its own ten rules and score table
 * grade what came back. The scoring is the package's `scan()` (src/scanner/index.js), which
 * takes neither ports nor a path and refuses a 404: an error response is graded here by the same
 * steps.
 */
export async function gradeAddress(hostname: string, options: RetrieveOptions & { path: string }): Promise<Grade> {
  const requests = await retrieve(hostname, options);
  const response = requests.responses.auto;
  if (!response) throw new Error(`The Observatory's retriever reached nothing at ${hostname}${options.path}`);
  const results = ALL_TESTS.map((test) => test(requests));
  let testsPassed = 0;
  let scoreWithExtraCredit = 100;
  let uncurvedScore = 100;
  for (const result of results) {
    if (!result.result) continue;
    result.scoreDescription = getScoreDescription(result.result);
    result.scoreModifier = getScoreModifier(result.result);
    testsPassed += result.pass ? 1 : 0;
    scoreWithExtraCredit += result.scoreModifier;
    if (result.scoreModifier < 0) uncurvedScore += result.scoreModifier;
  }
  const score = uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore;
  const final = getGradeForScore(score);
  const named = results.map((result) => ({ name: (result.constructor as { name: string }).name, result }));
  return {
    path: options.path,
    statusCode: response.status,
    grade: final.grade,
    score: final.score,
    testsFailed: NUM_TESTS - testsPassed,
    failed: named
      .filter(({ result }) => !result.pass)
      .map(({ name, result }) => ({ name, result: result.result, scoreModifier: result.scoreModifier })),
    results: Object.fromEntries(named.map(({ name, result }) => [name, result.result])),
  };
}
