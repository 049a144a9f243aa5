import { createPasswordHasher, hashingTurns, type PasswordHasher } from "./password.ts";

/** The exports of @phi-ag/argon2's WebAssembly build (the reference argon2 C code, compiled). */
type Argon2Exports = {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  argon2_hash(
    t: number,
    m: number,
    p: number,
    password: number,
    passwordLength: number,
    salt: number,
    saltLength: number,
    hash: number,
    hashLength: number,
    encoded: number,
    encodedLength: number,
    type: number,
    version: number,
  ): number;
};

const argon2id = 2;
const version13 = 0x13;

/**
 * argon2id compiled to WebAssembly, for Workers: they cannot compile WebAssembly at run time, so
 * the module arrives precompiled (wrangler bundles the `.wasm` import as a `WebAssembly.Module`).
 *
 * The package's own JavaScript wrapper passes a password's length in UTF-16 code units where the
 * C code wants bytes, so every password with a non-ASCII letter (ç, ğ, ş…) was hashed truncated.
 * This calls the compiled reference code directly with the UTF-8 bytes (ADR 0012).
 *
 * One instance per isolate, made on first use and then kept: never a pending promise shared
 * between requests (workerd refuses those).
 */
export function createWasmPasswordHasher(module: WebAssembly.Module): PasswordHasher {
  let wasm: Argon2Exports | undefined;
  const ready = async () => {
    if (!wasm) {
      const instance = (await WebAssembly.instantiate(module)) as unknown as { exports: Argon2Exports };
      instance.exports._initialize();
      wasm = instance.exports;
    }
    return wasm;
  };
  // One at a time, with the isolate's other requests served between hashes (ADR 0058): the
  // hash runs on the isolate's only thread.
  return createPasswordHasher(
    hashingTurns(async (password, salt, { m, t, p }, length) => {
      const exports = await ready();
      const passwordBytes = new TextEncoder().encode(password);
      const passwordPtr = exports.malloc(Math.max(1, passwordBytes.length));
      const saltPtr = exports.malloc(salt.length);
      const hashPtr = exports.malloc(length);
      try {
        new Uint8Array(exports.memory.buffer).set(passwordBytes, passwordPtr);
        new Uint8Array(exports.memory.buffer).set(salt, saltPtr);
        const status = exports.argon2_hash(
          t,
          m,
          p,
          passwordPtr,
          passwordBytes.length,
          saltPtr,
          salt.length,
          hashPtr,
          length,
          0,
          0,
          argon2id,
          version13,
        );
        if (status !== 0) throw new Error(`argon2 failed with code ${status}`);
        // A copy: the memory may grow (and move) at the next call.
        return new Uint8Array(exports.memory.buffer).slice(hashPtr, hashPtr + length);
      } finally {
        // The password's bytes do not linger in the instance's memory.
        new Uint8Array(exports.memory.buffer).fill(0, passwordPtr, passwordPtr + passwordBytes.length);
        exports.free(passwordPtr);
        exports.free(saltPtr);
        exports.free(hashPtr);
      }
    }, 1),
  );
}
