import type { TestProject } from "vitest/node";
import { webBuildIsStale } from "../../worker/cli/build-web-if-needed.ts";
import { workerBuildIsStale } from "../worker/harness.ts";

/**
 * Global setup of the projects that run what the builds made (issue 57): `npm test` builds once,
 * before Vitest, and no test builds again. A run without a fresh build stops here, saying
 * which build to run, rather than testing yesterday's pages.
 */
export default function requireBuild(project: TestProject): void {
  if (webBuildIsStale()) {
    throw new Error("dist/web is missing or older than its sources: run `npm run build` first (npm test does).");
  }
  if (project.name === "worker" && workerBuildIsStale()) {
    throw new Error(
      "dist/worker is missing or older than its sources: run `npm run build:worker` first (npm test does).",
    );
  }
}
