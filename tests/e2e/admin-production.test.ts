import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { expectAccessible, openApp, screenshot } from "../support/browser.ts";
import { setUpShop } from "../support/shop-in-browser.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";

// The administrator's view of a shop run as production runs it before an e-mail provider is set
// up: APP_ENV=production with no MAIL_TRANSPORT, so every e-mail waits in the outbox. (The other
// admin tests run in development, where the development mailbox is the transport.)

const { shop, openPage } = setUpShop({ APP_ENV: "production", PUBLIC_URL: "http://127.0.0.1" });

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
/** The Settings tab's "E-mail delivery" row: what it says and its badge. */
const deliveryRow = (page: Page, label: string) =>
  page
    .getByRole("tabpanel")
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) });

test("desktop: Settings says e-mail delivery is not configured, and why", async () => {
  const page = await openPage("desktop");
  await openApp(page, "/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword);
  await tab(page, "Settings").click();
  const row = deliveryRow(page, "E-mail delivery");
  await row.getByText("not configured", { exact: true }).waitFor();
  await row.getByText("no transport set: e-mails wait in the outbox", { exact: true }).waitFor();
  // The other badges are the constant ones product.md §2 names.
  for (const badge of ["connected", "active"]) await page.getByText(badge, { exact: true }).waitFor();
  expect(await page.getByText("configured", { exact: true }).count()).toBe(0);
  await screenshot(page, "admin-settings-no-transport-desktop");
  await expectAccessible(page);
});

test("phone: the same row in Turkish", async () => {
  const page = await openPage("phone");
  await openApp(page, "/tr/admin");
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword, "tr");
  await tab(page, "Ayarlar").click();
  const row = deliveryRow(page, "E-posta gönderimi");
  await row.getByText("ayarlanmadı", { exact: true }).waitFor();
  await row.getByText("gönderim yolu yok: e-postalar gönderilmeyi bekliyor", { exact: true }).waitFor();
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, "admin-settings-no-transport-phone-tr", { fullPage: false });
  await expectAccessible(page);
});
