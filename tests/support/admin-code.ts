import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import { reloadOfflineWithoutHttpCache } from "./browser.ts";

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

/**
 * The product form for `name` on an administrator's device that has been offline for days: once
 * the service worker keeps the admin's code, the signed-in dashboard reloads offline with the
 * HTTP cache emptied, and the form opens from what the device keeps.
 */
export async function openProductFormOffline(page: Page, name: string): Promise<Locator> {
  const tab = page.getByRole("tab", { name: "Product Management", exact: true });
  const adminCode = adminOnlyFiles();
  await expect.poll(async () => (await keptAdminCode(page)).sort(), { timeout: 15_000 }).toEqual(adminCode.sort());
  await tab.click();
  await page.getByRole("tabpanel").getByRole("heading", { level: 2, name: "Product Management" }).waitFor();

  await reloadOfflineWithoutHttpCache(page);
  await page.getByRole("status").filter({ hasText: "Could not load the latest data." }).waitFor();
  await tab.click();
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  return page.getByRole("form", { name: `Edit “${name}”` });
}
