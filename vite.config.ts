import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { sharePreviews } from "./web/vite-plugins/share-previews.ts";
import { staticAssetHeaders } from "./web/vite-plugins/static-asset-headers.ts";
import { securityHeaders } from "./worker/lib/security-headers.ts";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The web app's public links (VITE_* in .dev.vars.example) may also be set in the git-ignored
// .dev.vars; the build environment wins. Vite reads VITE_* variables from process.env.
const devVars = fromRoot("./.dev.vars");
if (existsSync(devVars)) {
  for (const [name, value] of Object.entries(parseEnv(readFileSync(devVars, "utf8")))) {
    if (name.startsWith("VITE_") && value && !process.env[name]) process.env[name] = value;
  }
}

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
          react(),
          tailwindcss(),
          staticAssetHeaders(securityHeaders),
          sharePreviews(),
        ],
  // `vite build` builds both environments: the PWA (dist/web) and the server renderer of the
  // catalogue pages (dist/ssr/entry-server.js, loaded by the Node entry, bundled into the Worker).
  builder: {},
  environments: {
    client: { build: { outDir: "../dist/web", emptyOutDir: true } },
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
    projects: [
      {
        test: {
          name: "unit",
          root: ".",
          include: ["worker/**/*.test.ts", "web/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "api",
          root: ".",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      {
        // What `npm run build` makes, in use: the server renderer, the built shell.
        test: {
          name: "build",
          root: ".",
          include: ["tests/build/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "worker",
          root: ".",
          include: ["tests/worker/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          root: ".",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
