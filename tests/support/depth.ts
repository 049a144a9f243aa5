/**
 * How deep a run goes (issue 57): `npm test` runs the fuzz, the outbox model, the session races
 * and the timing test at smoke sizes, `npm run test:deep` (TEST_DEPTH=deep) at full size. Each
 * file names both sizes where it uses them.
 */
export const deepRun = process.env.TEST_DEPTH === "deep";

export const bySize = <T>(sizes: { smoke: T; deep: T }): T => (deepRun ? sizes.deep : sizes.smoke);
