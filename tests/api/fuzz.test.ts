import { describe, expect, it } from "vitest";
import { bySize, deepRun } from "../support/depth.ts";
import { type EndpointCounts, fuzzEndpoint, fuzzShop, seedFrom } from "../support/fuzz.ts";

// Issue 29, "Generated input": requests generated from /api/openapi.json, with no token, a
// member's and the admin's; no answer 5xx, every 4xx in the {detail, code} shape, no row changed
// by a refused request. `npm test` sends 30 per endpoint from a fixed seed, `npm run test:deep`
// 1,000 from a fresh one; `npm run fuzz -- --runs N --seed S` sets FUZZ_RUNS and FUZZ_SEED to
// size or replay a run (tests/fuzz/run.ts). The seed is printed either way.

const runs = Number(process.env.FUZZ_RUNS ?? bySize({ smoke: 30, deep: 1000 }));
const seed = seedFrom(process.env.FUZZ_SEED ?? (deepRun ? undefined : "57"));
console.info(
  `fuzz: seed ${seed}, ${runs} generated requests per endpoint (replay: npm run fuzz -- --runs ${runs} --seed ${seed})`,
);

const shop = await fuzzShop();
const counts: EndpointCounts[] = [];

describe("generated requests from the published description", () => {
  it.each(shop.endpoints.map((endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path}`, endpoint] as const))(
    "%s",
    async (_, endpoint) => {
      const { counts: these, failure } = await fuzzEndpoint(shop, endpoint, runs, seed);
      counts.push(these);
      expect(failure, failure).toBeUndefined();
      expect(these.requests).toBe(runs);
    },
    Math.max(60_000, runs * 500),
  );

  it("covers every endpoint, and prints the counts", () => {
    expect(counts.length).toBe(shop.endpoints.length);
    const total = counts.reduce((sum, c) => sum + c.requests, 0);
    const line = (c: EndpointCounts) =>
      `${c.endpoint.padEnd(40)} ${String(c.requests).padStart(6)}  none/member/admin ${c.byIdentity.none}/${c.byIdentity.member}/${c.byIdentity.admin}  5xx ${c.serverErrors}  bad shape ${c.badErrorShapes}  refused+changed ${c.refusedThatChangedRows}  statuses ${JSON.stringify(c.byStatus)}`;
    console.info(
      [
        `fuzz: seed ${seed}: ${total} requests over ${counts.length} endpoints`,
        ...counts.map(line),
        `5xx: ${counts.reduce((s, c) => s + c.serverErrors, 0)}; rows changed by refused requests: ${counts.reduce((s, c) => s + c.refusedThatChangedRows, 0)} (rate_limits excluded: a refused sign-in counts there by design); tables compared: ${shop.tables.join(", ")}`,
      ].join("\n"),
    );
  });
});
