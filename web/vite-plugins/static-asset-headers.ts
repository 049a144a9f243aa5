import type { Plugin } from "vite";

/**
 * Writes dist/web/_headers: Workers Static Assets answers files without running the Worker, so
 * the security headers the Worker adds to its own responses (docs/architecture.md §8) are repeated here,
 * the hashed files under /assets/ are cached for good, and the service worker script gets its
 * own headers (ADR 0018).
 *
 * @param headers the Worker's security headers (worker/lib/security-headers.ts), passed in by
 *   vite.config.ts: web/ imports nothing from worker/ but the contract (docs/architecture.md §2)
 * @param serviceWorker the service worker's path and the headers it gets instead of (or beside)
 *   those: a header it sets replaces the site-wide one (`! Name` detaches it first, else
 *   Cloudflare would append the second value to the first)
 */
export function staticAssetHeaders(
  headers: Record<string, string>,
  serviceWorker: { path: string; headers: Record<string, string> },
): Plugin {
  return {
    name: "static-asset-headers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      const lines = ["/*", ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)];
      lines.push("", "/assets/*", "  Cache-Control: public, max-age=31536000, immutable");
      lines.push("", serviceWorker.path);
      for (const [name, value] of Object.entries(serviceWorker.headers)) {
        if (name in headers) lines.push(`  ! ${name}`);
        lines.push(`  ${name}: ${value}`);
      }
      this.emitFile({ type: "asset", fileName: "_headers", source: `${lines.join("\n")}\n` });
    },
  };
}
