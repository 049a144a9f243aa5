import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type autocannon from "autocannon";

/** The repository root and this folder. */
export const root = fileURLToPath(new URL("../..", import.meta.url));
export const benchDir = fileURLToPath(new URL(".", import.meta.url));
export const webDist = join(root, "dist/web");
export const workerDist = join(root, "dist/worker");

/** What a section hands back: figures for the JSON file and the targets it checked. */
export type Target = {
  section: string;
  name: string;
  value: string;
  target: string;
  met: boolean | null;
};
export type SectionResult = { figures: Record<string, unknown>; targets: Target[] };

/** What the JSON file keeps of an autocannon run (the api and runtimes sections write the same). */
export const loadFigures = (r: autocannon.Result) => ({
  requestsPerSecond: r.requests.average,
  latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
  bytesPerSecond: r.throughput.average,
  bytesPerResponse: r.requests.total ? r.throughput.total / r.requests.total : 0,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

/** gzip at level 9, what a CDN or a pre-compressing build sends. */
export const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).byteLength;

/** 1 kB = 1000 bytes, as Vite and Lighthouse print them. */
export const kB = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} kB` : "–");
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "–");

export const mark = (met: boolean | null) => (met === null ? "n/a" : met ? "met" : "NOT met");

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A plain text table: numbers (and figures such as "12.3 kB") right-aligned. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const numeric = headers.map((_, i) =>
    rows.every((row) => /^(?:-?[\d.,]+(?: ?[a-zA-Z/%×]+)?|–|n\/a)$/.test(String(row[i]))),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric[i] && i > 0 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "─".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

export function heading(text: string): void {
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 76 - text.length))}`);
}

/** The stylesheet and module script the built index.html loads, and its modulepreload links. */
export function builtIndexAssets(): { scripts: string[]; preloads: string[]; styles: string[] } {
  const file = join(webDist, "index.html");
  const html = existsSync(file) ? readFileSync(file, "utf8") : "";
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}=["']([^"']+)["']`, "i").exec(tag)?.[1];
  const tags = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);
  const scripts = tags(/<script\b[^>]*>/gi)
    .filter((t) => /type=["']module["']/i.test(t))
    .map((t) => attr(t, "src"))
    .filter((s): s is string => Boolean(s));
  const links = tags(/<link\b[^>]*>/gi);
  const hrefsOf = (rel: string) =>
    links
      .filter((t) => attr(t, "rel")?.toLowerCase() === rel)
      .map((t) => attr(t, "href"))
      .filter((s): s is string => Boolean(s));
  return { scripts, preloads: hrefsOf("modulepreload"), styles: hrefsOf("stylesheet") };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
