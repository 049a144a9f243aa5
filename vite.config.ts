import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The web app lives in web/ and builds to dist/web, which both the Node server and Workers
// Static Assets serve. Vitest's projects are declared here too (one config, one runner).
export default defineConfig({
  root: "web",
  publicDir: "public",
  // The web plugins are for building the app; Vitest's projects test server code and the
  // built app, so they skip them (Vitest sets VITEST).
  plugins: process.env.VITEST
    ? []
    : [
        tanstackRouter({
          target: "react",
          autoCodeSplitting: true,
          routesDirectory: "./web/routes",
          generatedRouteTree: "./web/route-tree.gen.ts",
        }),
        react(),
        tailwindcss(),
      ],
  build: { outDir: "../dist/web", emptyOutDir: true },
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
        test: {
          name: "worker",
          root: ".",
          include: ["tests/worker/**/*.test.ts"],
          environment: "node",
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
});
