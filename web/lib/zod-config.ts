import { config } from "zod/mini";

// Our CSP forbids eval. Zod probes for it with `new Function("")` to compile fast parsers, and
// the refused probe is logged as a CSP violation; tell it up front to parse without eval.
config({ jitless: true });
