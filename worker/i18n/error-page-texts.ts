import type { Locale } from "../contract/locales.ts";

type ErrorPageTexts = {
  /** The page's heading (and title) by status; 400 and 500 stand in for the statuses not listed. */
  titles: Partial<Record<number, string>> & { 400: string; 500: string };
  back: string;
  /** The detail when the error has none to show in this language. */
  tryAgain: string;
  misconfigured: string;
};

/**
 * The words of the page a browser gets for an error outside /api (worker/lib/error-page.ts), in the
 * address's language: a /tr address is answered in Turkish (issue 40). Typed per locale, so a
 * missing Turkish text is a `tsc` error.
 */
export const errorPageTexts: Record<Locale, ErrorPageTexts> = {
  en: {
    titles: {
      400: "This address cannot be read",
      404: "Page not found",
      405: "This page cannot do that",
      408: "The request took too long",
      413: "The request is too large",
      429: "Too many requests",
      431: "The request is too large",
      500: "Something went wrong",
      503: "The shop is unavailable for a moment",
    },
    back: "Back to the shop",
    tryAgain: "Please try again in a moment.",
    misconfigured: "The server is misconfigured. Please try again later.",
  },
  tr: {
    titles: {
      400: "Bu adres okunamıyor",
      404: "Sayfa bulunamadı",
      405: "Bu sayfa bunu yapamıyor",
      408: "İstek çok uzun sürdü",
      413: "İstek çok büyük",
      429: "Çok fazla istek",
      431: "İstek çok büyük",
      500: "Bir şeyler ters gitti",
      503: "Mağazamıza kısa bir süre ulaşılamıyor",
    },
    back: "Mağazaya dön",
    tryAgain: "Lütfen birazdan tekrar deneyin.",
    misconfigured: "Sunucu ayarlarında bir sorun var. Lütfen daha sonra tekrar deneyin.",
  },
};
