import { base64url } from "./tokens.ts";

/**
 * Password hashing (docs/architecture.md §4, docs/decisions/0012-password-hashing-per-runtime.md): argon2id
 * at OWASP ASVS 5.0's parameters (m = 19 MiB, t = 2, p = 1), stored as one PHC string with its
 * parameters, so raising them later only means re-hashing at the next sign-in (`needsRehash`).
 * Each runtime brings its fastest engine (Node's own argon2, WebAssembly on Workers); this module
 * is the format and the rules they share, so a hash made on one verifies on the other.
 */
export const passwordParams = { m: 19_456, t: 2, p: 1 } as const;
const keyLength = 32;
const saltLength = 16;

export type Argon2Params = { m: number; t: number; p: number };

/** One argon2id derivation: the engine a runtime provides. */
export type Argon2idEngine = (
  password: string,
  salt: Uint8Array,
  params: Argon2Params,
  length: number,
) => Promise<Uint8Array>;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a string that is not one of our hashes. */
  verify(password: string, phc: string): Promise<boolean>;
  /** True when the stored hash uses weaker parameters than today's, or is not ours. */
  needsRehash(phc: string): boolean;
  /**
   * A hash at today's parameters that no password matches, checked when an address has no
   * account, so an unknown address takes as long as a wrong password.
   */
  readonly noAccountHash: string;
}

// PHC strings use base64 without padding (standard alphabet), as the reference argon2 writes them.
const b64 = (bytes: Uint8Array) => base64url(bytes).replaceAll("-", "+").replaceAll("_", "/");
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

type ParsedHash = Argon2Params & { salt: Uint8Array; hash: Uint8Array };

function parsePhc(phc: string): ParsedHash | null {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  return { m: Number(m), t: Number(t), p: Number(p), salt: unb64(salt), hash: unb64(hash) };
}

/** Compares without an early exit, so the time taken says nothing about where bytes differ. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** A stored hash asking for more than this is refused rather than computed (256 MiB, 10 passes). */
const ceiling = { m: 262_144, t: 10, p: 4 };

/**
 * NIST SP 800-63B §5.1.1.2: passwords are normalised (NFKC) before hashing, so "ş" typed as one
 * character and as "s" plus a combining cedilla are the same password on every keyboard.
 */
const normalise = (password: string) => password.normalize("NFKC");

/**
 * A hash costs a core for tens of milliseconds, so a storm of sign-ins could take every core the
 * server has and starve the catalogue (issue 29). At most `slots` derivations run at once; the
 * others wait in arrival order, and each starts after a timer's turn of the event loop, so the
 * requests that arrived during the last hash are answered before the next one starts
 * (docs/decisions/0058-password-hashes-take-turns.md).
 */
export function hashingTurns(derive: Argon2idEngine, slots: number): Argon2idEngine {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    if (running < slots) running++;
    else await new Promise<void>((handOver) => waiting.push(handOver)); // the slot passes to us
    // A timer of this request's own (a Worker cancels the timers of a request that has ended).
    await new Promise((resume) => setTimeout(resume, 0));
    try {
      return await derive(...args);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const phcString = ({ m, t, p }: Argon2Params, salt: Uint8Array, hash: Uint8Array) =>
  `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;

/**
 * A hasher over one runtime's engine. `params` are today's: production passes none and gets
 * `passwordParams`; the test suite passes the smallest the engines accept (tests/support/passwords.ts),
 * through this argument only, so nothing in production can read them.
 */
export function createPasswordHasher(derive: Argon2idEngine, params: Argon2Params = passwordParams): PasswordHasher {
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(saltLength));
      return phcString(params, salt, await derive(normalise(password), salt, params, keyLength));
    },
    async verify(password, phc) {
      const parsed = parsePhc(phc);
      if (!parsed || parsed.m > ceiling.m || parsed.t > ceiling.t || parsed.p > ceiling.p) return false;
      const { salt, hash, ...params } = parsed;
      return equalBytes(await derive(normalise(password), salt, params, hash.length), hash);
    },
    needsRehash(phc) {
      const parsed = parsePhc(phc);
      return !parsed || parsed.m < params.m || parsed.t < params.t || parsed.p !== params.p;
    },
    // The derivation is what takes the time; an all-zero key is what no derivation gives.
    noAccountHash: phcString(params, new Uint8Array(saltLength).fill(7), new Uint8Array(keyLength)),
  };
}
