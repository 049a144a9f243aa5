import { fileURLToPath } from "node:url";
import type { CompilerOptions } from "@inlang/paraglide-js";

/**
 * How the message catalogue (web/i18n/messages/) compiles into web/paraglide/ (generated,
 * git-ignored): one set of options for the Vite plugin (builds, dev) and for `npm run
 * i18n:compile` (tsc and Vitest need the generated code before any build), so both write the
 * same files. ADR 0079.
 */
/** The global each client build replaces with its language (a Vite `define`). */
export const staticLocaleGlobal = "__PARAGLIDE_STATIC_LOCALE__";

export const paraglideOptions = {
  // Absolute: Vite runs from web/ (its root), the scripts from the repository.
  project: fileURLToPath(new URL("./project.inlang", import.meta.url)),
  outdir: fileURLToPath(new URL("../paraglide/", import.meta.url)),
  // Each client build is one language: vite.config.ts defines this global as "en" or "tr", so
  // every message keeps only that language's text and the other is left out of the chunks.
  // Undefined elsewhere (the server renderer, the worker, tests): a message then reads the
  // locale it is given, or the request's (web/entry-server.tsx), or English.
  strategy: ["baseLocale"],
  experimentalStaticLocale: `/** @type {any} */ (globalThis).${staticLocaleGlobal}`,
  // .d.ts beside the generated JavaScript, so tsc types `m.some_message()` without allowJs.
  emitTsDeclarations: true,
  emitReadme: false,
} satisfies CompilerOptions;
