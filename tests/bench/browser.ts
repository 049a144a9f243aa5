import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { chromePath, chromiumFlags, storedProductIds } from "../support/browser.ts";
import { defer } from "./cleanup.ts";

/**
 * Chromium through playwright-core, closed by the bench's cleanup (Playwright's own signal
 * handlers are off, so Ctrl-C goes through the same path as everything else).
 */
export async function withChromium<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: chromiumFlags,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const close = defer("chromium (playwright)", () => browser.close());
  try {
    return await use(browser);
  } finally {
    await close();
  }
}

/** A phone like Lighthouse's mobile preset (Moto G Power: 412×823 at 1.75×, touch). */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    userAgent:
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  });
}

/** Waits until the device's catalogue (IndexedDB) holds `count` products, or any when undefined. */
export async function waitForStoredCatalogue(page: Page, count?: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = (await storedProductIds(page)).length;
    if (count === undefined ? stored > 0 : stored === count) return;
    if (Date.now() > deadline) throw new Error(`the device's catalogue holds ${stored} products after ${timeoutMs} ms`);
    await page.waitForTimeout(250);
  }
}
