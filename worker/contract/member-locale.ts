import * as z from "zod/mini";
import { type Locale, locales } from "./locales.ts";

/**
 * The languages the shop writes to a member in (issue 40): English, SPEC's texts, and Turkish.
 * Kept with the account (`users.locale`), set at sign-up from the sign-up page's language and
 * changed on the profile; e-mails follow it (ADR 0083).
 */
export const memberLocales = locales;
export type MemberLocale = Locale;

export const memberLocaleSchema = z.enum(memberLocales, { error: 'must be "en" or "tr"' });

/** `GET` and `PUT /api/user/profile/locale`: the member's language, alone. */
export const profileLocaleSchema = z.strictObject({ locale: memberLocaleSchema });
export type ProfileLocale = z.infer<typeof profileLocaleSchema>;
