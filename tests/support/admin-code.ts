import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { projectRoot as root } from "../../worker/entries/node-env.ts";

// The admin's code kept on the administrator's device by the service worker (ADR 0070), in
// both languages' builds (ADR 0086).

/** What the service worker keeps of the admin's code, as paths (`/assets/…`). */
export const keptAdminCode = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open("admin-code")).keys()).map((request) => new URL(request.url).pathname),
  );

/**
 * The build's files that the precache leaves out (vite.config.ts): the admin's code, as paths. Read
 * from dist/web itself, so a new admin chunk is counted without a test knowing its name.
 */
export function adminOnlyFiles(web = join(root, "dist/web")): string[] {
  const precached = new Set(
    [...readFileSync(join(web, "sw.js"), "utf8").matchAll(/"url":"\/?([^"]+)"/g)].map((match) => match[1]),
  );
  return readdirSync(join(web, "assets"))
    .filter((file) => /\.(js|css)$/.test(file) && !precached.has(`assets/${file}`))
    .map((file) => `/assets/${file}`);
}
