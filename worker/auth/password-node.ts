import { argon2 } from "node:crypto";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { type Argon2idEngine, createPasswordHasher, hashingTurns } from "./password.ts";

const argon2Async = promisify(argon2);

/**
 * Node's own argon2 (Node ≥ 24.7): native code on libuv's thread pool, off the event loop, on
 * all cores but one, which stays the event loop's (ADR 0058).
 */
export const nodeArgon2id: Argon2idEngine = hashingTurns(
  async (password, salt, { m, t, p }, length) =>
    new Uint8Array(
      await argon2Async("argon2id", {
        message: password,
        nonce: salt,
        memory: m,
        passes: t,
        parallelism: p,
        tagLength: length,
      }),
    ),
  Math.max(1, availableParallelism() - 1),
);

export const nodePasswordHasher = createPasswordHasher(nodeArgon2id);
