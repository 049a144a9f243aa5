/**
 * One-time tokens (e-mail verification, password reset) and refresh tokens: 256 random bits,
 * sent to the user as base64url and stored only as their SHA-256, so a copy of the database
 * holds nothing that can be used (docs/architecture.md §4). A plain hash suffices: the token is random and
 * long, unlike a password.
 */
export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Bytes as URL-safe base64 without padding (RFC 4648 §5), fit for links and headers. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
