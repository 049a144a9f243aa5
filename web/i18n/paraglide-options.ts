import { fileURLToPath } from "node:url";
import type { CompilerOptions } from "@inlang/paraglide-js";

/**
 * How the message catalogue (web/i18n/messages/) compiles into web/paraglide/ (generated,
 * git-ignored): one set of options for the Vite plugin (builds, dev) and for `npm run
 * i18n:compile` (tsc and Vitest need the generated code before any build), so both write the
 * same files. ADR 0079.
 */
export const paraglideOptions = {
  // Absolute: Vite runs from web/ (its root), the scripts from the repository.
  project: fileURLToPath(new URL("./project.inlang", import.meta.url)),
  outdir: fileURLToPath(new URL("../paraglide/", import.meta.url)),
  // Only English is served for now: every message resolves to it at build time and the
  // runtime's locale detection is left out. The per-language client builds replace this later.
  strategy: ["baseLocale"],
  experimentalStaticLocale: '"en"',
  // .d.ts beside the generated JavaScript, so tsc types `m.some_message()` without allowJs.
  emitTsDeclarations: true,
  emitReadme: false,
} satisfies CompilerOptions;
