import type { AdminSettings, AdminUser } from "../../../worker/contract/admin.ts";
import { temperamentNames } from "../../lib/temperament-names.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";

/*
 * Dates and numbers as the admin's screens write them, in the page's language (getLocale(): each
 * build speaks one). English keeps the forms it always had.
 */

/**
 * The locale a full date is written in: on an English page the browser's own, as the admin always
 * had it ("Mar 2, 2026" in the US, "2 Mar 2026" in Britain); on a Turkish one, Turkish.
 */
export const dateLocale = (locale: string = getLocale()) => (locale === "en" ? undefined : locale);

/** "2 Mar 2026"; a dash for a missing or unreadable date (docs/product.md §2). */
export function formatDate(iso: string | null | undefined, locale: string = getLocale()): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toLocaleDateString(dateLocale(locale), { day: "numeric", month: "short", year: "numeric" });
}

/**
 * "1 Nov" ("1 Kas"): a day of the insights, short for a phone's width; the year is in the period's
 * heading. English puts the day first, as the insights always did (en-GB), not "Nov 1".
 */
export function shortDay(day: string, locale: string = getLocale()): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale === "en" ? "en-GB" : locale, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** The kind of database the settings name ("embedded file"), in the page's language. */
export const databaseLabel = (database: AdminSettings["database"]) =>
  database === "embedded file" ? m.polish_database_embedded_file() : m.polish_database_remote();

/** Visits per view as a whole percentage, "25%" ("%25"), or a dash without views. */
export function formatPercent(views: number, visits: number, locale: string = getLocale()): string {
  if (views === 0) return "—";
  // Rounded first, as the table always did, so Intl only writes the sign where the language wants it.
  return new Intl.NumberFormat(locale, { style: "percent", useGrouping: false }).format(
    Math.round((visits / views) * 100) / 100,
  );
}

/** How long ago the device's copy was loaded, in minutes: "less than a minute ago", "5 minutes ago". */
export function minutesAgo(minutes: number): string {
  return minutes < 1 ? m.admin_age_under_a_minute() : m.admin_age_minutes({ count: minutes });
}

/**
 * A member's temperament result as the admin reads it, each part by name ("Sanguine"), or a dash
 * for each when the member has no result.
 */
export function temperamentResult(temperament: AdminUser["temperament"]): { dominant: string; secondary: string } {
  if (!temperament) return { dominant: "—", secondary: "—" };
  return { dominant: temperamentNames[temperament.dominant], secondary: temperamentNames[temperament.secondary] };
}

/** "Ayşe Yılmaz", or the e-mail when a name is missing. */
export function fullName(user: Pick<AdminUser, "first_name" | "last_name" | "email">): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
