/** Time as a dependency, so tests can move it (token expiry, e-mail delay, rate-limit windows). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
