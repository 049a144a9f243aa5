import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { AxeResults } from "axe-core";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  chromium,
  type Download,
  type Locator,
  type Page,
  type Response as PageResponse,
} from "playwright-core";
import { expect, onTestFinished } from "vitest";

/**
 * Browser end-to-end support (docs/architecture.md §9): playwright-core drives Debian's Chromium
 * (`/usr/bin/chromium`, or CHROME_PATH); a test tool's own browser download cannot work here.
 */
export function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: [...chromiumFlags, ...extraFlags] });
}

/**
 * The bytes of a finished download. Read through Playwright's stream, as the test files are
 * connected to the e2e run's one browser (e2e-setup.ts), whose files a remote client cannot open.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Debian's Chromium unless CHROME_PATH says otherwise (docs/architecture.md §9). */
export const chromePath = () => process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * Flags for every Chromium the tests and benchmarks start: this machine's network is closed, so
 * background networking, component updates, sync and QUIC would only fail noisily.
 */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

const common: BrowserContextOptions = {
  locale: "en-US",
  timezoneId: "Europe/Istanbul",
  colorScheme: "light",
  reducedMotion: "reduce",
};

/**
 * Keeps a context's offline emulation on the documents it opens. Playwright's `setOffline` sends
 * `Network.emulateNetworkConditions` once. Chromium 150 (Debian's package since late November
 * 2026) keeps the requests failing, but gives the next document `navigator.onLine === true`, and
 * no `online` event when the network comes back, as no offline device would. So while the context
 * is offline:
 * - a cookie marks it, and an init script answers `navigator.onLine` from that cookie, so the
 *   document's own scripts see a device that is offline from their first line;
 * - the emulation is sent again once each page has loaded, from a session of the page's own that
 *   also sends the network's return, after which the page hears `online`.
 */
const offlineCookie = "e2e-offline";
async function offlineAcrossNavigations(context: BrowserContext, baseURL: string): Promise<BrowserContext> {
  let offline = false;
  await context.addInitScript((name: string) => {
    const offlineNow = () => document.cookie.split("; ").includes(`${name}=1`);
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine")?.get;
    Object.defineProperty(Navigator.prototype, "onLine", {
      configurable: true,
      get(this: Navigator) {
        return offlineNow() ? false : (online?.call(this) ?? true);
      },
    });
  }, offlineCookie);
  // One DevTools session per page that was offline, attached until the network is back.
  const sessions = new Map<Page, Promise<CDPSession>>();
  const emulate = (page: Page, value: boolean) => {
    let session = sessions.get(page);
    if (!session) {
      session = context.newCDPSession(page);
      sessions.set(page, session);
      page.once("close", () => sessions.delete(page));
    }
    return session
      .then((s) =>
        s.send("Network.emulateNetworkConditions", {
          offline: value,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        }),
      )
      .catch(() => {}); // the page closed meanwhile: nothing is left to emulate
  };
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value: boolean) => {
    offline = value;
    if (value) await context.addCookies([{ name: offlineCookie, value: "1", url: baseURL }]);
    else await context.clearCookies({ name: offlineCookie });
    await setOffline(value);
    const pages = [...sessions.keys()];
    await Promise.all(pages.map((page) => emulate(page, value)));
    if (value) return;
    // The browser fired `online` at the first of the two sessions to let the network back, while
    // the other still held it off: what the page asked for then failed. Once both have, the page
    // hears it again, as a device does when its network returns.
    for (const page of pages) {
      const session = sessions.get(page);
      sessions.delete(page);
      await session?.then((s) => s.detach()).catch(() => {});
      await page.evaluate(() => window.dispatchEvent(new Event("online"))).catch(() => {});
    }
  };
  context.on("page", (page) => {
    page.on("load", () => {
      if (offline) void emulate(page, true);
    });
  });
  return context;
}

/** A laptop-sized window (1280×800). `baseURL` lets tests call `page.goto("/")`. */
export async function desktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return offlineAcrossNavigations(
    await browser.newContext({ ...common, baseURL, viewport: { width: 1280, height: 800 } }),
    baseURL,
  );
}

/**
 * A phone (390×844 at 2×, touch): the layout a shopper on the go sees. `options` changes what
 * differs, such as the browser's language (`locale: "tr-TR"`).
 */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...common,
    ...options,
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  });
  return offlineAcrossNavigations(context, baseURL);
}

/**
 * Collects the page's console errors, uncaught exceptions and CSP violations. `assertNone()` throws listing
 * them; call it at the end of a test (or use `failOnPageErrors`).
 */
export function collectPageErrors(page: Page): { messages: string[]; assertNone(): void } {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url, lineNumber } = message.location();
    messages.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
  });
  page.on("pageerror", (error) => messages.push(`uncaught: ${error.stack ?? error.message}`));
  // A refused script, eval or style shows only in DevTools' Issues panel: surface it as an error.
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`),
    );
  });
  return {
    messages,
    assertNone() {
      if (messages.length > 0) {
        throw new Error(`The page reported ${messages.length} error(s):\n${messages.join("\n")}`);
      }
    },
  };
}

/** Chromium's console line for each request that fails while a test has the network off. */
export const offlineRequest = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;

/**
 * Waits until the products screen lists exactly `expected`, in order: its count, then every card,
 * scrolling to the end as a shopper would (the rest of the list may arrive after the first page).
 */
export async function expectProductsShown(
  page: Page,
  expected: { name: string }[],
  /** The count as the page's language says it; English by default. */
  countText = (count: number) => `${count} ${count === 1 ? "product" : "products"}`,
): Promise<void> {
  const names = expected.map((p) => p.name);
  const count = countText(names.length);
  await page
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: new RegExp(`^${count}$`) })
    .waitFor();
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return [...document.querySelectorAll("main article h2")].map((h) => h.textContent);
        }),
      { timeout: 30_000, interval: 100 },
    )
    .toEqual(names);
}

/**
 * Fails the current test if the page logs a console error or throws, at any time during it.
 *
 * @param expected the browser's own lines for requests the test makes fail on purpose (a wrong
 *   password's 400 is "Failed to load resource: … status of 400"), each a pattern that names the
 *   status and the address; any other error still fails the test
 */
export function failOnPageErrors(page: Page, expected: RegExp[] = []): void {
  const errors = collectPageErrors(page);
  onTestFinished(() => {
    const unexpected = errors.messages.filter((message) => !expected.some((pattern) => pattern.test(message)));
    if (unexpected.length > 0) {
      throw new Error(`The page reported ${unexpected.length} error(s):\n${unexpected.join("\n")}`);
    }
  });
}

/** The browser's console line for a request answered with `status`, to pass to `failOnPageErrors`. */
export const failedRequest = (status: number, path: RegExp) =>
  new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of ${status} .*${path.source}`,
  );

/**
 * Opens a path and waits until the app has taken over the page (`<html data-app="ready">`, set
 * by web/boot/start-app.tsx once its first render is committed). The catalogue pages arrive
 * rendered by the server, so their buttons exist before the app starts; a test acting earlier
 * would race it.
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForApp(page);
}

export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
}

/**
 * Offline, as a browser that has evicted its HTTP cache (a device offline for days): only what
 * the service worker keeps is left (`Network.clearBrowserCache` through CDP empties the HTTP
 * cache, never Cache Storage).
 */
export async function goOfflineWithoutHttpCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.context().setOffline(true);
}

/** `goOfflineWithoutHttpCache`, then the page again, from the device; its answer. */
export async function reloadOfflineWithoutHttpCache(page: Page): Promise<PageResponse | null> {
  await goOfflineWithoutHttpCache(page);
  const reloaded = await page.reload();
  await waitForApp(page);
  return reloaded;
}

/** The address of the first picture in `main` (a product page's) once it has loaded. */
export async function productPicture(page: Page): Promise<string> {
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>("main img");
      return img?.complete === true && img.naturalWidth > 0;
    },
    undefined,
    { timeout: 10_000 },
  );
  return page.evaluate(() => document.querySelector<HTMLImageElement>("main img")?.currentSrc ?? "");
}

/** The product ids in the device's catalogue, read straight from IndexedDB (none before it exists). */
export async function storedProductIds(page: Page): Promise<number[]> {
  const list = await storedCatalogueRecord<{ rows: { id: number }[] }>(page, "lists", "products");
  return (list?.rows ?? []).map((row) => row.id).sort((a, b) => a - b);
}

/** A record of the device's catalogue (IndexedDB), by store and key; undefined when there is none. */
export function storedCatalogueRecord<T>(page: Page, store: "lists" | "sync", key: string): Promise<T | undefined> {
  return page.evaluate(
    ({ store, key }) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open("dogal-yasam-catalogue");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve(undefined);
            return;
          }
          const request = db.transaction(store).objectStore(store).get(key);
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T | undefined);
          };
        };
      }),
    { store, key },
  );
}

/**
 * Holds the page's requests matching `url` (a glob or a RegExp, as `page.route` takes) until the
 * returned function is called: long enough to see a loading or busy state that a fast local
 * server would otherwise hide. The returned function resolves once the held requests are sent on.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: Promise<void>[] = [];
  await page.route(url, (route) => {
    const sent = released.then(() => route.continue());
    held.push(sent);
    return sent;
  });
  return async () => {
    release();
    await Promise.all(held);
    await page.unroute(url);
  };
}

export const screenshotDir = fileURLToPath(new URL("../e2e/screenshots/", import.meta.url));

/**
 * Makes every lazy image load now and waits until each has settled (loaded or failed), for a
 * full-page screenshot. Scrolling through the page to trigger them raced a page whose height
 * was still changing, and left images below a stale bottom unloaded on a busy machine.
 */
export async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const img of document.images) if (img.loading === "lazy") img.loading = "eager";
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

/**
 * Saves a PNG to tests/e2e/screenshots/<name>.png (git-ignored) when the run takes pictures
 * (`npm run test:screenshots`, E2E_SCREENSHOTS=1). Full-page by default, after loading every lazy
 * image, which every run does, so a test goes the same way with or without the picture. The
 * pictures are for people to look at; `npm test` asserts nothing on them and skips their 0.2–0.8 s
 * each of encoding (135 in a run, issue 57).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const fullPage = options.fullPage ?? true;
  if (fullPage) await loadAllImages(page);
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage, animations: "disabled" });
}

let axeSource: string | undefined;

/**
 * Runs axe-core (WCAG 2.2 A/AA and best practices) on the page as it is now and returns one
 * line per violation, empty when there is none (docs/architecture.md §6: axe finds nothing on any screen).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not apply.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
    }),
  );
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? "?"}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary ?? ""}`.replaceAll("\n", " "))
        .join("\n")}`,
  );
}

/** Fails the test when axe finds anything on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/**
 * Answers the sign-up wizard's questions `from` up to `to` (not included), each with its option
 * `i % 4`, so the answers spread over the four temperaments. `questions` is the survey's groups.
 */
export async function answerQuestions(questions: Locator, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++)
    await questions
      .nth(i)
      .getByRole("radio")
      .nth(i % 4)
      .check();
}
