// dist/ssr/entry-server.js, the build of web/entry-server.tsx: wrangler.toml aliases it as
// "web-ssr" so the Worker bundle includes it.
declare module "web-ssr" {
  export const renderPage: import("../lib/page-renderer.ts").PageRenderer;
}
