import type { AdminUser } from "../../../worker/contract/admin.ts";
import { temperamentNames } from "../../lib/temperament-names.ts";

/** "2 Mar 2026" in the admin's own locale; a dash for a missing or unreadable date (docs/product.md §2). */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toLocaleDateString(locale, { day: "numeric", month: "short", year: "numeric" });
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
