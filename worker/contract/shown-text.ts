import type { Locale } from "./locales.ts";

/**
 * Which of a product's or a category's texts a page shows (ADR 0087). The admin's text is the
 * shop's main one, in Turkish; `…_en` is its optional English twin. A Turkish page shows the main
 * text; an English page shows the English one when it is not empty, else the Turkish one marked
 * `lang="tr"`, so a screen reader reads it with Turkish sounds. The web's screens and the server's
 * heads, structured data and e-mails all ask here, so they never disagree.
 */
export type ShownText = {
  text: string;
  /** The language to mark the text with, when it is not the page's own; else undefined. */
  lang: "tr" | undefined;
};

/** The main (Turkish) text and its English twin, as the page in `locale` shows them. */
export function shownText(locale: Locale, main: string, english: string | undefined): ShownText {
  if (locale === "tr") return { text: main, lang: undefined };
  return english?.trim() ? { text: english, lang: undefined } : { text: main, lang: "tr" };
}

type Named = { name: string; name_en?: string | undefined };

/** A product's or a category's name. */
export const shownName = (row: Named, locale: Locale) => shownText(locale, row.name, row.name_en);

type Described = {
  short_description: string;
  description: string;
  short_description_en?: string | undefined;
  description_en?: string | undefined;
};

/** A product's summary: its short description, else its description (in each language). */
export const shownSummary = (product: Described, locale: Locale) =>
  shownText(
    locale,
    product.short_description || product.description,
    product.short_description_en || product.description_en,
  );

/** A product's rich description (sanitized HTML). */
export const shownLongDescription = (
  product: { long_description: string; long_description_en?: string | undefined },
  locale: Locale,
) =>
  shownText(
    locale,
    product.long_description,
    // Markup with no words (`<p></p>` from an emptied editor) is no English text.
    product.long_description_en && /[^\s]/.test(product.long_description_en.replace(/<[^>]*>/g, ""))
      ? product.long_description_en
      : "",
  );

/** A category's description. */
export const shownDescription = (
  category: { description: string; description_en?: string | undefined },
  locale: Locale,
) => shownText(locale, category.description, category.description_en);
