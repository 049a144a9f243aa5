import { createPasswordHasher } from "../../worker/auth/password.ts";
import { nodeArgon2id } from "../../worker/auth/password-node.ts";

/**
 * The smallest argon2id parameters the engines accept (RFC 9106: memory ≥ 8 KiB per lane, one
 * pass): a hash in microseconds instead of about 60 ms, for the thousands a test run makes
 * (issue 57). The hashes are real argon2id PHC strings that every engine verifies; the production
 * parameters stay proven by worker/auth/password.test.ts and the tests that ask for
 * `nodePasswordHasher` themselves. Production code never imports this file.
 */
export const testPasswordParams = { m: 8, t: 1, p: 1 } as const;

export const testPasswordHasher = createPasswordHasher(nodeArgon2id, testPasswordParams);
