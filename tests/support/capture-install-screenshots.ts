import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { desktopContext, launchBrowser, loadAllImages, phoneContext, waitForApp } from "./browser.ts";

// The web manifest's screenshots (vite.config.ts), for the richer install sheet: the real pages
// of the seeded shop, a laptop's (wide) and a phone's (narrow). Committed under
// web/public/screenshots/; run again after a visible change of those pages:
//   npm run screenshots:install

// The same check `npm start` makes: builds when dist/ is missing or older than its sources.
execFileSync(process.execPath, [join(projectRoot, "worker/cli/build-web-if-needed.ts")], { stdio: "inherit" });
const dir = mkdtempSync(join(tmpdir(), "install-screenshots-"));
const server = await startNodeServer(
  {
    ...process.env,
    APP_ENV: "test",
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    JWT_SECRET: "install-screenshots-secret-0123456789abcdef",
    ADMIN_EMAIL: "admin@screenshots.test",
    ADMIN_PASSWORD: "screenshots-password",
    LOG_LEVEL: "silent",
  },
  { port: 0 },
);
const browser = await launchBrowser();
const output = join(projectRoot, "web/public/screenshots");

async function capture(page: Page, path: string, file: string) {
  await page.goto(path);
  await waitForApp(page);
  await loadAllImages(page);
  await page.screenshot({ path: join(output, file), type: "jpeg", quality: 80, animations: "disabled" });
}

try {
  const wide = await (await desktopContext(browser, server.url)).newPage();
  await capture(wide, "/products", "products-wide.jpg");
  const narrow = await (await phoneContext(browser, server.url)).newPage();
  await capture(narrow, "/products/1", "product-narrow.jpg");
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
