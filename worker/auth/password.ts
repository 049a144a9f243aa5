import { argon2idAsync } from "@noble/hashes/argon2.js";
import { randomBytes } from "@noble/hashes/utils.js";

/**
 * argon2id in pure JavaScript, so one hash format works on Node and on Workers (which cannot
 * compile WebAssembly at run time and cap PBKDF2 at 100,000 iterations). Parameters meet
 * OWASP ASVS 5.0 (m ≥ 19 MiB, t ≥ 2) and travel inside the PHC string, so raising them later
 * only means re-hashing at the next sign-in (`needsRehash`).
 */
export const passwordParams = { m: 19_456, t: 2, p: 1 } as const;
const keyLength = 32;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { m, t, p } = passwordParams;
  const hash = await argon2idAsync(password, salt, { m, t, p, dkLen: keyLength });
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;
}

type ParsedHash = { m: number; t: number; p: number; salt: Uint8Array; hash: Uint8Array };

function parsePhc(phc: string): ParsedHash | null {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  return { m: Number(m), t: Number(t), p: Number(p), salt: unb64(salt), hash: unb64(hash) };
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parsePhc(phc);
  if (!parsed) return false;
  const { m, t, p, salt, hash } = parsed;
  const candidate = await argon2idAsync(password, salt, { m, t, p, dkLen: hash.length });
  let diff = candidate.length ^ hash.length;
  for (let i = 0; i < hash.length; i++) diff |= (candidate[i] ?? 0) ^ (hash[i] ?? 0);
  return diff === 0;
}

/** True when the stored hash uses weaker parameters than today's. */
export function needsRehash(phc: string): boolean {
  const parsed = parsePhc(phc);
  if (!parsed) return true;
  return parsed.m < passwordParams.m || parsed.t < passwordParams.t;
}
