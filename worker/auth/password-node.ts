import { argon2 } from "node:crypto";
import { promisify } from "node:util";
import { createPasswordHasher } from "./password.ts";

const argon2Async = promisify(argon2);

/** Node's own argon2 (Node ≥ 24.7): native code on libuv's thread pool, off the event loop. */
export const nodePasswordHasher = createPasswordHasher(
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
);
