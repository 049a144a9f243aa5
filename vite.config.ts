import { existsSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { minimal2023Preset } from "@vite-pwa/assets-generator/config";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { paraglideOptions, staticLocaleGlobal } from "./web/i18n/paraglide-options.ts";
import { appShellUrl } from "./web/service-worker/routes.ts";
import { adminCode, forgetAdminCode } from "./web/vite-plugins/admin-code.ts";
import { eagerCommonJs } from "./web/vite-plugins/eager-commonjs.ts";
import { sharePreviews } from "./web/vite-plugins/share-previews.ts";
import { staticAssetHeaders } from "./web/vite-plugins/static-asset-headers.ts";
import { turkishShell } from "./web/vite-plugins/turkish-shell.ts";
import { localizedPath } from "./worker/contract/locales.ts";
import { shareTarget } from "./worker/contract/share-target.ts";
import { securityHeaders, serviceWorkerHeaders, serviceWorkerPath } from "./worker/lib/security-headers.ts";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The app is built once per language (ADR 0079): `client` is the English pages' code and shell
 * (dist/web/index.html), `clientTr` the Turkish pages' (dist/web/tr/index.html); their hashed
 * chunks share dist/web/assets, and a chunk with no words in it is the same file in both.
 */
const clientEnvironments = ["client", "clientTr"];
const inClient = (environment: { name: string }) => clientEnvironments.includes(environment.name);
/** A client build's language, written into its messages (web/i18n/paraglide-options.ts). */
const staticLocale = (locale: "en" | "tr") => ({ [`globalThis.${staticLocaleGlobal}`]: JSON.stringify(locale) });

// The web app's public links (VITE_* in .dev.vars.example) may also be set in the git-ignored
// .dev.vars; the build environment wins. Vite reads VITE_* variables from process.env.
const devVars = fromRoot("./.dev.vars");
if (existsSync(devVars)) {
  for (const [name, value] of Object.entries(parseEnv(readFileSync(devVars, "utf8")))) {
    if (name.startsWith("VITE_") && value && !process.env[name]) process.env[name] = value;
  }
}

/** The page's `<meta name="theme-color">` (web/index.html): the installed app's title bar. */
const themeColor = "#455d3f";
/** The admin's code, found by the app's build and kept by the service worker on the admin's device (ADR 0070). */
const adminCodeList = adminCode(fromRoot("./web/routes/admin.tsx"));

/** The page's cream paper (web/styles.css `--color-cream`): the installed app's splash screen. */
const backgroundColor = "#fbf8f1";

/**
 * The browser's bundles. zod/mini's builders (`z.object`, `z.string().check(…)`, always imported
 * as `z`) have no side effects, but the bundler cannot tell: marked pure, the schemas of the
 * contract that no browser code uses are left out instead of being built at every start (ADR 0100).
 */
const clientBundleOptions = { treeshake: { manualPureFunctions: ["z"] } };

// The web app lives in web/ and builds to dist/web, which both the Node server and Workers
// Static Assets serve. Vitest's projects are declared here too (one config, one runner).
export default defineConfig(({ mode }) => ({
  root: "web",
  publicDir: "public",
  // The web plugins are for building the app; Vitest's projects test server code and the
  // built app, so they skip them (Vitest runs in mode "test"; a build it starts does not).
  plugins:
    mode === "test"
      ? []
      : [
          tanstackRouter({
            target: "react",
            autoCodeSplitting: true,
            routesDirectory: fromRoot("./web/routes"),
            generatedRouteTree: fromRoot("./web/route-tree.gen.ts"),
          }),
          // The message catalogue (web/i18n/) into web/paraglide/, typed `m.some_message()` (ADR 0079).
          paraglideVitePlugin(paraglideOptions),
          react(),
          tailwindcss(),
          staticAssetHeaders(securityHeaders, { path: serviceWorkerPath, headers: serviceWorkerHeaders }),
          sharePreviews(),
          eagerCommonJs(),
          adminCodeList.collect,
          turkishShell({ environment: "clientTr" }),
          // The PWA's plugins build for the browser only: the server renderer (dist/ssr) has no
          // use for a manifest or a service worker.
          ...VitePWA({
            // Our own service worker (web/service-worker/sw.ts), with the navigation rules of
            // ADR 0018; the plugin adds the precache list and builds it to dist/web/sw.js.
            strategies: "injectManifest",
            srcDir: "service-worker",
            filename: "sw.ts",
            registerType: "prompt",
            // Registered by the app once it has started (web/features/app-update/), not by a
            // script in the page.
            injectRegister: false,
            injectManifest: {
              // The shell and the shopper's code. Never the admin's (docs/architecture.md §6: shoppers do not
              // download it): the admin route, its screen (dnd-kit inside) and the Tiptap editor.
              // The placeholder stands in for a product without a picture, offline too; the icons
              // and favicons are the installed app's, offline too.
              globPatterns: ["**/*.{js,css,html}", "images/placeholder.svg", "*.{png,ico,svg}"],
              globIgnores: ["sw.js", "assets/admin-*.js", "assets/admin-screen-*.js", "assets/rich-text-editor-*.js"],
              // The worker keeps those on the admin's device, from the list of the app's build.
              buildPlugins: { vite: [adminCodeList.serve] },
              manifestTransforms: [
                // See appShellUrl: where the shell can be fetched as itself on both servers.
                (entries) => ({
                  manifest: entries.map((entry) =>
                    entry.url === "index.html"
                      ? { ...entry, url: appShellUrl }
                      : entry.url === "tr/index.html"
                        ? { ...entry, url: localizedPath(appShellUrl, "tr") }
                        : entry,
                  ),
                }),
              ],
            },
            // The icons, apple-touch-icon and favicon.ico, generated at build time from the one
            // source image (sharp, through @vite-pwa/assets-generator); the page links them.
            pwaAssets: {
              image: "public/favicon.svg",
              preset: {
                ...minimal2023Preset,
                // On the theme's green the round logo reads as a full-bleed tile when masked.
                maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: themeColor } },
                apple: { ...minimal2023Preset.apple, resizeOptions: { background: themeColor } },
              },
              includeHtmlHeadLinks: true,
              overrideManifestIcons: true,
              injectThemeColor: false, // web/index.html has it
            },
            manifest: {
              id: "/",
              name: "Doğal Yaşam — Natural health & wellness",
              short_name: "Doğal Yaşam",
              description:
                "Herbal teas, natural oils, soaps and bee products, chosen with care. Browse the shop, also offline, and take the free temperament test.",
              lang: "en",
              dir: "ltr",
              start_url: "/",
              scope: "/",
              display: "standalone",
              theme_color: themeColor,
              background_color: backgroundColor,
              categories: ["shopping", "health", "lifestyle"],
              // Shared product links open in the installed app, in its existing window.
              handle_links: "preferred",
              launch_handler: { client_mode: "navigate-existing" },
              // Photos shared from the phone's gallery open a new product form (ADR 0095): the
              // service worker keeps them, the admin page reads them. One action for both
              // languages; the worker lands on the chosen one's admin page.
              share_target: {
                action: shareTarget.action,
                method: "POST",
                enctype: "multipart/form-data",
                params: { files: [{ name: shareTarget.filesField, accept: [...shareTarget.accept] }] },
              },
              // The real pages (tests/support/capture-install-screenshots.ts), for the richer
              // install sheet.
              screenshots: [
                {
                  src: "/screenshots/products-wide.jpg",
                  sizes: "1280x800",
                  type: "image/jpeg",
                  form_factor: "wide",
                  label: "The product catalogue on a laptop",
                },
                {
                  src: "/screenshots/product-narrow.jpg",
                  sizes: "780x1688",
                  type: "image/jpeg",
                  form_factor: "narrow",
                  label: "A product on a phone",
                },
              ],
            },
          }).map((plugin) => ({
            ...plugin,
            // Both languages' builds: each shell gets the manifest and icon links. The service
            // worker written last (the English build's, see buildApp) precaches both.
            applyToEnvironment: inClient,
          })),
        ],
  // `vite build` builds the PWA in each language (dist/web) and the server renderer of the
  // pages (dist/ssr/entry-server.js, loaded by the Node entry, bundled into the Worker). The
  // Turkish client first: the English build then writes the service worker, whose precache list
  // is every file in dist/web, both languages' included.
  builder: {
    async buildApp(builder) {
      rmSync(fromRoot("./dist/web"), { recursive: true, force: true });
      forgetAdminCode();
      for (const name of ["clientTr", "client", "ssr"]) {
        const environment = builder.environments[name];
        if (!environment) throw new Error(`vite.config.ts: no build environment "${name}"`);
        await builder.build(environment);
      }
    },
  },
  environments: {
    client: {
      define: staticLocale("en"),
      build: { outDir: "../dist/web", emptyOutDir: false, rolldownOptions: clientBundleOptions },
    },
    clientTr: {
      consumer: "client",
      define: staticLocale("tr"),
      build: { outDir: "../dist/web", emptyOutDir: false, rolldownOptions: clientBundleOptions },
    },
    ssr: {
      build: {
        outDir: "../dist/ssr",
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: "entry-server.tsx" },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:8787" } },
  test: {
    root: ".",
    // Two files at a time: on a 2-core machine Vitest's default (cores − 1) ran the suite one
    // file at a time, leaving a core idle while a file waited on a child process or Chromium
    // (issue 57, ADR 0114).
    maxWorkers: 2,
    reporters: ["default", "./tests/support/timing-reporter.ts"],
    // The api, worker and e2e files load the whole server (and Playwright) but keep no module
    // state of their own, and mock nothing: each worker loads those modules once, not once per
    // file, which halved the api and worker projects' time. The unit files mock modules and the
    // clock, and the build files stand in for a module: those stay isolated.
    projects: [
      {
        test: {
          name: "unit",
          root: ".",
          include: ["worker/**/*.test.ts", "web/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          // The screens' messages (web/paraglide/), which no build has generated here.
          globalSetup: ["tests/support/compile-messages.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "api",
          root: ".",
          isolate: false,
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // One file serves the built pages (site-address-and-error-pages).
          globalSetup: ["tests/support/require-build.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/contract-check.ts"],
          // A cap, not a measure: tests that start a process or hash many passwords took over
          // Vitest's 5 s default on a busy 2-core machine (node-server, lockout, faults).
          testTimeout: 30_000,
        },
      },
      {
        // What `npm run build` makes, in use: the server renderer, the built shell.
        test: {
          name: "build",
          root: ".",
          include: ["tests/build/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/require-build.ts"],
          // Through Vite, so observatory.test.ts can stand in for the HSTS preload list its
          // install script would have downloaded (ADR 0049).
          server: { deps: { inline: ["@mdn/mdn-http-observatory"] } },
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "worker",
          root: ".",
          isolate: false,
          // With the local Turso-protocol endpoint's own test: the suite stands on that endpoint.
          include: ["tests/worker/**/*.test.ts", "tests/dev-tools/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/require-build.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/contract-check.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          root: ".",
          isolate: false,
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/require-build.ts", "tests/support/e2e-setup.ts"],
          // Two files at a time on two cores make each browser step slower than alone: an
          // `expect.poll` waits up to 10 s (Vitest's default is 1 s), as Playwright's own
          // assertions wait 5 s.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}));
