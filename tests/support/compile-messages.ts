import { compile } from "@inlang/paraglide-js";
import { paraglideOptions } from "../../web/i18n/paraglide-options.ts";

// Vitest's unit project: code under test imports the generated messages (web/paraglide/),
// which only a Vite build or `npm run i18n:compile` writes.
export default async function compileMessages(): Promise<void> {
  await compile(paraglideOptions);
}
