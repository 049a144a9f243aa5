import { html } from "hono/html";
import { type Locale, localizedPath } from "../contract/locales.ts";
import { errorPageTexts } from "../i18n/error-page-texts.ts";
import { securityHeaders } from "./security-headers.ts";

/**
 * The page a browser gets for an error outside /api (the API answers JSON): a short page in the
 * shop's colours with the way back, never a blank body, and never kept by a cache.
 */
export function errorPageHtml(status: number, detail: string, locale: Locale = "en"): string {
  const texts = errorPageTexts[locale];
  const title = texts.titles[status] ?? (status >= 500 ? texts.titles[500] : texts.titles[400]);
  return html`<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} — Doğal Yaşam</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #fbf8f1; color: #27301f; }
      main { max-width: 32rem; padding: 2rem; text-align: center; }
      h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
      p { margin: 0 0 1.5rem; color: #545c4b; }
      a { display: inline-block; padding: 0.625rem 1.25rem; border-radius: 0.5rem; background: #455d3f; color: #fff; text-decoration: none; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      <p>${detail}</p>
      <a href="${localizedPath("/", locale)}">${texts.back}</a>
    </main>
  </body>
</html>
`.toString();
}

/** The error page as a response, with docs/architecture.md §8's headers (for answers made outside the app). */
export function errorPageResponse(status: number, detail: string, locale: Locale = "en"): Response {
  return new Response(errorPageHtml(status, detail, locale), {
    status,
    headers: { ...securityHeaders, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
