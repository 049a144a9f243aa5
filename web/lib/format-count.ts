import { getLocale, type Locale } from "../paraglide/runtime.js";

/**
 * A whole count written the page's language's way, as `Intl.NumberFormat` writes it: "1,234"
 * in English, "1.234" in Turkish (issue 40). Not Intl itself: a page's first
 * `Intl.NumberFormat` loads ICU's number data on the main thread, 20–40 ms here and 80–170 ms
 * on a phone-speed CPU, and the products page wrote its count during hydration (ADR 0108).
 */
export function formatCount(count: number, locale: Locale = getLocale()): string {
  const separator = locale === "tr" ? "." : ",";
  return Math.trunc(count)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, separator);
}
