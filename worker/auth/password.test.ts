import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { argon2id } from "@noble/hashes/argon2.js";
import { describe, expect, it } from "vitest";
import { type Argon2idEngine, createPasswordHasher, hashingTurns } from "./password.ts";
import { nodePasswordHasher } from "./password-node.ts";
import { createWasmPasswordHasher } from "./password-wasm.ts";

// The Worker's engine, compiled here from the file wrangler bundles.
const wasmFile = createRequire(import.meta.url).resolve("@phi-ag/argon2/argon2.wasm");
const wasmPasswordHasher = createWasmPasswordHasher(new WebAssembly.Module(readFileSync(wasmFile)));
// The reference: the pure-JavaScript argon2id the project used before (now the bench baseline).
const referenceHasher = createPasswordHasher(async (password, salt, { m, t, p }, dkLen) =>
  argon2id(password, salt, { m, t, p, dkLen }),
);

const engines = { node: nodePasswordHasher, wasm: wasmPasswordHasher, reference: referenceHasher };

// The pure-JavaScript reference takes about 300 ms a hash, more on a busy machine.
describe("password hashing", { timeout: 60_000 }, () => {
  it("writes one PHC format with ASVS 5.0's parameters on every engine", async () => {
    for (const [name, engine] of Object.entries(engines)) {
      expect(await engine.hash("papatya"), name).toMatch(
        /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
      );
    }
  });

  it("verifies a hash made by any engine with every other, and refuses a wrong password", async () => {
    for (const [maker, made] of Object.entries(engines)) {
      const phc = await made.hash("çay-ve-bal 🍯");
      for (const [checker, check] of Object.entries(engines)) {
        expect(await check.verify("çay-ve-bal 🍯", phc), `${maker} → ${checker}`).toBe(true);
        expect(await check.verify("çay-ve-bal", phc), `${maker} → ${checker}, wrong`).toBe(false);
      }
    }
  });

  it("matches the reference implementation's output for a fixed salt (known answer)", async () => {
    const salt = new TextEncoder().encode("somesaltsomesalt");
    const params = { m: 19_456, t: 2, p: 1 };
    const expected = argon2id("password", salt, { ...params, dkLen: 32 });
    const node = await import("node:crypto").then(({ argon2Sync }) =>
      argon2Sync("argon2id", {
        message: "password",
        nonce: salt,
        memory: 19_456,
        passes: 2,
        parallelism: 1,
        tagLength: 32,
      }),
    );
    expect(Buffer.from(node).toString("hex")).toBe(Buffer.from(expected).toString("hex"));
    // The wasm engine, through the shared PHC format with the same salt.
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");
    const phc = `$argon2id$v=19$m=19456,t=2,p=1$${b64(salt)}$${b64(expected)}`;
    expect(await wasmPasswordHasher.verify("password", phc)).toBe(true);
  });

  it("asks for a re-hash of weaker parameters and of strings that are not its hashes", () => {
    expect(nodePasswordHasher.needsRehash("$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g")).toBe(true);
    expect(nodePasswordHasher.needsRehash("$2b$10$abcdefghijklmnopqrstuv")).toBe(true);
    expect(nodePasswordHasher.needsRehash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g")).toBe(false);
  });

  it("takes a password typed with combining marks as the same password (NFKC)", async () => {
    const composed = "şifre-ğ"; // ş and ğ as single characters
    const decomposed = "s\u0327ifre-g\u0306"; // s + cedilla, g + breve
    expect(decomposed).not.toBe(composed);
    expect(await wasmPasswordHasher.verify(decomposed, await nodePasswordHasher.hash(composed))).toBe(true);
  });

  it("refuses a stored hash that asks for more memory than any it writes, without computing it", async () => {
    const huge = "$argon2id$v=19$m=4194304,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA";
    let derived = 0;
    const counting = createPasswordHasher(async (_password, _salt, _params, length) => {
      derived++;
      return new Uint8Array(length);
    });
    expect(await counting.verify("x", huge)).toBe(false);
    expect(derived).toBe(0);
    expect(await counting.verify("x", huge.replace("m=4194304", "m=19456"))).toBe(false);
    expect(derived).toBe(1);
  });

  it("refuses garbage instead of throwing", async () => {
    for (const phc of ["", "plain", "$argon2id$v=19$m=x,t=2,p=1$a$b", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"]) {
      expect(await nodePasswordHasher.verify("x", phc)).toBe(false);
    }
  });
});

describe("hashes take turns (hashingTurns)", () => {
  /** An engine whose derivations end when the test says, recording when each started. */
  function controlledEngine() {
    const started: string[] = [];
    const finishers = new Map<string, (fail?: Error) => void>();
    const engine: Argon2idEngine = (password) =>
      new Promise((done, fail) => {
        started.push(password);
        finishers.set(password, (error) => (error ? fail(error) : done(new Uint8Array([1]))));
      });
    const finish = (password: string, error?: Error) => finishers.get(password)?.(error);
    return { engine, started, finish };
  }
  const settle = () => new Promise((resume) => setTimeout(resume, 5));
  const params = { m: 8, t: 1, p: 1 };

  it("runs at most `slots` at once, the others in arrival order, and a failure frees its slot", async () => {
    const { engine, started, finish } = controlledEngine();
    const derive = hashingTurns(engine, 2);
    const salt = new Uint8Array(16);
    const results = ["a", "b", "c", "d"].map((name) => derive(name, salt, params, 1));
    await settle();
    expect(started).toEqual(["a", "b"]);

    finish("b", new Error("engine failed"));
    await expect(results[1]).rejects.toThrow("engine failed");
    await settle();
    expect(started).toEqual(["a", "b", "c"]);

    finish("a");
    await settle();
    expect(started).toEqual(["a", "b", "c", "d"]);
    finish("c");
    finish("d");
    expect(await Promise.all([results[0], results[2], results[3]])).toHaveLength(3);
  });

  it("lets a timer's turn pass before each hash, so requests that arrived meanwhile go first", async () => {
    const { engine, started, finish } = controlledEngine();
    const derive = hashingTurns(engine, 1);
    const first = derive("first", new Uint8Array(16), params, 1);
    const second = derive("second", new Uint8Array(16), params, 1);
    await settle();
    expect(started).toEqual(["first"]);
    finish("first");
    await first;
    // Every promise callback has run, and the second hash has not started: it waits for a timer,
    // behind whatever else the event loop had to do.
    expect(started).toEqual(["first"]);
    await settle();
    expect(started).toEqual(["first", "second"]);
    finish("second");
    await second;
  });
});
