import type { MemberLocale } from "../contract/member-locale.ts";

/**
 * The language of a request (ADR 0083): Turkish when the first preference of its
 * `Accept-Language` is Turkish (`tr`, `tr-TR`), else English, SPEC's language. The web client
 * sends the page's language on every /api call; a browser following a link from an e-mail sends
 * its own preferences.
 *
 * "First preference" is the highest `q` (1 when absent), the earlier entry on a tie.
 */
export function requestLocale(acceptLanguage: string | undefined): MemberLocale {
  let best: { tag: string; q: number } | undefined;
  for (const entry of (acceptLanguage ?? "").split(",").slice(0, 20)) {
    const [tag = "", ...params] = entry.trim().split(";");
    if (tag === "") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (best === undefined || q > best.q) best = { tag: tag.trim().toLowerCase(), q };
  }
  return best !== undefined && (best.tag === "tr" || best.tag.startsWith("tr-")) ? "tr" : "en";
}

/** The language of the request a handler answers (its `Accept-Language`). */
export const localeOfRequest = (c: { req: { header(name: string): string | undefined } }): MemberLocale =>
  requestLocale(c.req.header("Accept-Language"));
