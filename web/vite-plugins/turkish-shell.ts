import type { Plugin } from "vite";
import { siteDescriptions, siteTitles } from "../../worker/contract/site-texts.ts";

/** Text as it stands in an HTML attribute or element. */
const inHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * web/index.html's own words and their Turkish: the page's language, title, description, noscript.
 * The titles and the Turkish description are the server's page heads' (worker/contract/site-texts.ts).
 */
export const shellInTurkish: [english: string, turkish: string][] = [
  ['<html lang="en"', '<html lang="tr"'],
  [`<title>${inHtml(siteTitles.en)}</title>`, `<title>${inHtml(siteTitles.tr)}</title>`],
  [
    'content="Doğal Yaşam: herbal teas, natural oils and handmade wellness products, guided by traditional temperament medicine. Browse the catalogue and take the free 20-question temperament test."',
    `content="${inHtml(siteDescriptions.tr)}"`,
  ],
  [
    "Search, filters and the temperament test need JavaScript.",
    "Arama, filtreler ve mizaç testi için JavaScript gerekir.",
  ],
];

/**
 * The Turkish build's page shell (ADR 0079): the same web/index.html, in Turkish, written
 * to dist/web/tr/index.html so it lives beside the English shell rather than over it. The
 * servers answer `/tr/…` pages from it (worker/routes/pages/), the service worker precaches it.
 *
 * @param environment the name of the Turkish client build in vite.config.ts
 */
export function turkishShell({ environment }: { environment: string }): Plugin {
  return {
    name: "turkish-shell",
    apply: "build",
    applyToEnvironment: (env) => env.name === environment,
    // After Vite's own HTML plugin has emitted the page.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const shell = bundle["index.html"];
        if (shell?.type !== "asset") this.error("turkish-shell: the build wrote no index.html");
        delete bundle["index.html"];
        // Here rather than in transformIndexHtml, which Vite runs for every build's page alike.
        let source = String(shell.source);
        for (const [english, turkish] of shellInTurkish) {
          if (!source.includes(english)) this.error(`turkish-shell: web/index.html no longer has ${english}`);
          source = source.replace(english, turkish);
        }
        this.emitFile({ type: "asset", fileName: "tr/index.html", source });
      },
    },
  };
}
