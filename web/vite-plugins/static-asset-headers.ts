import type { Plugin } from "vite";

/**
 * Writes dist/web/_headers: Workers Static Assets answers files without running the Worker, so
 * the security headers the Worker adds to its own responses (DESIGN.md §8) are repeated here,
 * and the hashed files under /assets/ are cached for good.
 *
 * @param headers the Worker's security headers (worker/lib/security-headers.ts), passed in by
 *   vite.config.ts: web/ imports nothing from worker/ but the contract (DESIGN.md §2)
 */
export function staticAssetHeaders(headers: Record<string, string>): Plugin {
  return {
    name: "static-asset-headers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      const lines = ["/*", ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)];
      lines.push("", "/assets/*", "  Cache-Control: public, max-age=31536000, immutable");
      this.emitFile({ type: "asset", fileName: "_headers", source: `${lines.join("\n")}\n` });
    },
  };
}
