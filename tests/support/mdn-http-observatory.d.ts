// The parts of @mdn/mdn-http-observatory (plain JavaScript with JSDoc, no declarations) the
// Observatory grading test uses: tests/support/observatory.ts.

declare module "@mdn/mdn-http-observatory/src/types.js" {
  export type ObservatoryOutput = {
    expectation: string;
    pass: boolean | null;
    result: string | null;
    scoreDescription: string | null;
    scoreModifier: number | null;
    data?: unknown;
  };
  export type ObservatoryResponse = { status: number; headers: Record<string, string | string[] | undefined> };
  export type Requests = {
    hostname: string;
    responses: { auto: ObservatoryResponse | null; http: ObservatoryResponse | null };
  };
}

declare module "@mdn/mdn-http-observatory/src/retriever/retriever.js" {
  import type { Requests } from "@mdn/mdn-http-observatory/src/types.js";
  export type RetrieveOptions = { httpPort?: number; httpsPort?: number; path?: string };
  export function retrieve(hostname: string, options?: RetrieveOptions): Promise<Requests>;
}

declare module "@mdn/mdn-http-observatory/src/constants.js" {
  import type { ObservatoryOutput, Requests } from "@mdn/mdn-http-observatory/src/types.js";
  export const ALL_TESTS: ((requests: Requests) => ObservatoryOutput)[];
  export const NUM_TESTS: number;
}

declare module "@mdn/mdn-http-observatory/src/grader/grader.js" {
  export function getGradeForScore(score: number): { grade: string; score: number };
  export function getScoreDescription(expectation: string): string;
  export function getScoreModifier(expectation: string): number;
}

declare module "@mdn/mdn-http-observatory/src/grader/charts.js" {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}

declare module "@mdn/mdn-http-observatory" {
  import type { ObservatoryOutput } from "@mdn/mdn-http-observatory/src/types.js";
  export function scan(hostname: string): Promise<{
    scan: { grade: string; score: number; statusCode: number; testsFailed: number; testsPassed: number };
    tests: Record<string, ObservatoryOutput>;
  }>;
}
