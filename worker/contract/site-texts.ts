import type { Locale } from "./locales.ts";

// The shop's default title and description in each language: one source for the server's page
// heads (worker/routes/pages/), the Turkish page shell (web/vite-plugins/turkish-shell.ts) and the
// tab title of a screen without its own (web/lib/document-title.ts). A missing Turkish text is a
// type error. Two constants, so the web's chunks take the titles only. English's title is
// web/index.html's, which the Turkish shell's plugin checks as it replaces it.

export const siteTitles: Record<Locale, string> = {
  en: "Doğal Yaşam — Natural health & wellness",
  tr: "Doğal Yaşam — Doğal sağlık ve yaşam",
};

export const siteDescriptions: Record<Locale, string> = {
  en: "Herbal teas, natural oils, soaps and bee products, chosen with care. Browse the Doğal Yaşam shop and take the free 20-question temperament test.",
  tr: "Özenle seçilmiş bitki çayları, doğal yağlar, sabunlar ve arı ürünleri. Doğal Yaşam mağazasını gezin, 20 soruluk ücretsiz mizaç testini çözün.",
};
