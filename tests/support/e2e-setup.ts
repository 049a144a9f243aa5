import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromePath, chromiumFlags } from "./browser.ts";
import { createShopTemplate } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The e2e run's one Chromium, which each test file connects to (shop-in-browser.ts). */
    browserEndpoint: string;
    /** A migrated, seeded shop database that each test server starts from a copy of. */
    shopTemplate: string;
  }
}

/**
 * The e2e project's global setup (issue 57, epic-stack's way): one Chromium for the whole run,
 * and one shop database migrated and seeded once. Each test file then connects to the browser
 * (a fresh context per test) and starts its shop over a copy of the template.
 */
export default async function setUpEndToEnd(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "e2e-template-"));
  const browser = await chromium.launchServer({ executablePath: chromePath(), args: chromiumFlags });
  try {
    project.provide("shopTemplate", await createShopTemplate(dir));
    project.provide("browserEndpoint", browser.wsEndpoint());
  } catch (error) {
    await browser.close();
    throw error;
  }
  return async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
