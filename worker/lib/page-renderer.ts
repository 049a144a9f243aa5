import type { InitialData } from "../contract/initial-data.ts";

/**
 * Renders a catalogue page's markup (what goes inside `<div id="root">`) from the data the page
 * embeds: web/entry-server.tsx, built by `vite build --ssr` into dist/ssr. The Node entry loads
 * it from disk; the Worker bundles it (wrangler.toml's `web-ssr` alias).
 *
 * @param url the path and query string of the page, e.g. `/products?category=2`
 */
export type PageRenderer = (url: string, data: InitialData) => Promise<string>;
