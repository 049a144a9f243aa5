/**
 * `npm run fuzz -- --runs N --seed S`: the generated-input run of issue 29 at full size
 * (tests/api/fuzz.test.ts, which `npm test` runs with 180 requests per endpoint). --runs: requests
 * per endpoint (default 1,000), spread over no token, a member's and the admin's; --seed: the
 * run to replay (default: a fresh one, printed). Prints each endpoint's counts; exit 1 on any
 * failure, with the seed and the failing request.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "1000" }, seed: { type: "string" } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, not ${values.runs}`);
if (values.seed !== undefined && !/^-?\d+$/.test(values.seed))
  throw new Error(`--seed must be a whole number, not ${values.seed}`);

const root = join(import.meta.dirname, "..", "..");
const result = spawnSync(
  process.execPath,
  [join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--project", "api", "tests/api/fuzz.test.ts"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FUZZ_RUNS: String(runs), ...(values.seed === undefined ? {} : { FUZZ_SEED: values.seed }) },
  },
);
process.exit(result.status ?? 1);
