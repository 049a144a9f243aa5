import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { chromePath, chromiumFlags } from "../support/browser.ts";
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
