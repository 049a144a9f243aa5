import { compile } from "@inlang/paraglide-js";
import { paraglideOptions } from "./paraglide-options.ts";

// `npm run i18n:compile`: the generated messages (web/paraglide/) for tsc and Vitest, which run
// before or without a Vite build; builds and `vite` dev compile them through the plugin.
await compile(paraglideOptions);
// The inlang project's storage keeps timers alive for about half a minute after it is closed;
// the files are written, so leave now (as paraglide-js's own CLI does).
process.exit(0);
