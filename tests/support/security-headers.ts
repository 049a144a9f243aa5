import { expect } from "vitest";
import { securityHeaders } from "../../worker/lib/security-headers.ts";

/**
 * Asserts docs/architecture.md §8's headers on a response: each exactly as the server defines it, and a
 * Content-Security-Policy that really forbids what it must (no inline scripts, no plugins, no
 * <base>, no framing), so a loosened policy fails here even if both places change.
 */
export function expectSecurityHeaders(headers: { get(name: string): string | null }, where: string): void {
  for (const [name, value] of Object.entries(securityHeaders))
    expect(headers.get(name), `${where} ${name}`).toBe(value);
  const csp = headers.get("Content-Security-Policy") ?? "";
  expect(csp, where).toMatch(/(^|;\s*)script-src 'self'(;|$)/);
  expect(csp, where).not.toContain("unsafe-eval");
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp, where).toContain(directive);
  }
  expect(headers.get("Strict-Transport-Security"), where).toBe("max-age=31536000; includeSubDomains");
}
