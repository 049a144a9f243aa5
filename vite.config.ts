import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import type { Plugin, Rolldown } from "vite";
import { defineConfig } from "vitest/config";
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

/**
 * Writes dist/web/_headers: Workers Static Assets answers files without running the Worker, so
 * the security headers the Worker adds to its own responses (DESIGN.md §8) are repeated here.
 */
function staticAssetHeaders(): Plugin {
  return {
    name: "static-asset-headers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      const lines = ["/*", ...Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`)];
      lines.push("", "/assets/*", "  Cache-Control: public, max-age=31536000, immutable");
      this.emitFile({ type: "asset", fileName: "_headers", source: `${lines.join("\n")}\n` });
    },
  };
}

/**
 * Marks the entry script (web/main.tsx) low priority: all it does is wait until the page has
 * loaded and painted before it imports the app, so the stylesheet and the largest image come
 * first.
 */
function lowPriorityEntry(): Plugin {
  return {
    name: "low-priority-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transformIndexHtml: {
      order: "post",
      handler(html, { chunk }) {
        if (!chunk) return html;
        const entry = `<script type="module" crossorigin src="/${chunk.fileName}"`;
        if (!html.includes(entry)) throw new Error(`low-priority-entry: no ${entry}> in index.html`);
        return html.replace(entry, () => `${entry} fetchpriority="low"`);
      },
    },
  };
}

/** The chunks main.tsx imports to start the app, and all they import (not the entry itself). */
function appStartChunks(bundle: Rolldown.OutputBundle, entry: Rolldown.OutputChunk): Rolldown.OutputChunk[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  const add = (fileName: string) => {
    const output = bundle[fileName];
    if (chunks.has(fileName) || fileName === entry.fileName || output?.type !== "chunk") return;
    chunks.set(fileName, output);
    for (const imported of output.imports) add(imported);
  };
  for (const fileName of entry.dynamicImports) add(fileName);
  if (chunks.size === 0) throw new Error("app-start-chunks: the entry imports no app modules");
  return [...chunks.values()];
}

/**
 * The modules main.tsx starts the app with (ADR 0008): listed in index.html as modulepreload
 * links inside `<template id="app-modules">` (inert until main.tsx appends them, then fetched in
 * parallel, although main.tsx evaluates them one library at a time).
 */
function appStartModules(): Plugin {
  let base = "/";
  return {
    name: "app-start-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, { chunk, bundle }) {
        if (!chunk || !bundle) return html;
        const links = appStartChunks(bundle, chunk).map(
          (start) => `<link rel="modulepreload" crossorigin href="${base}${start.fileName}">`,
        );
        return {
          html,
          tags: [{ tag: "template", attrs: { id: "app-modules" }, children: links.join(""), injectTo: "head" }],
        };
      },
    },
  };
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
          staticAssetHeaders(),
          lowPriorityEntry(),
          appStartModules(),
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
