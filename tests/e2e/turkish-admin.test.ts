import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Category } from "../../worker/contract/catalogue.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import { expectAccessible, openApp, screenshot, waitForApp } from "../support/browser.ts";
import { getJson } from "../support/server.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";

// Issue 40: the administrator runs the shop in Turkish from /tr/admin, online and offline: the
// Turkish admin screens' code is kept on the device like the English ones' (ADR 0070, 0086).

const { shop, openPage } = setUpDevelopmentShop();

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first().waitFor();

/** The build's files the precache leaves out, both languages' admin code (vite.config.ts). */
function adminOnlyFiles(web = join(root, "dist/web")): string[] {
  const precached = new Set(
    [...readFileSync(join(web, "sw.js"), "utf8").matchAll(/"url":"\/?([^"]+)"/g)].map((match) => match[1]),
  );
  return readdirSync(join(web, "assets"))
    .filter((file) => /\.(js|css)$/.test(file) && !precached.has(`assets/${file}`))
    .map((file) => `/assets/${file}`)
    .sort();
}

const keptAdminCode = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open("admin-code")).keys()).map((request) => new URL(request.url).pathname).sort(),
  );

test("phone: the admin signs in at /tr/admin, works in Turkish, and offline a change waits and is sent once", async () => {
  const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);

  await openApp(page, "/tr/admin");
  await page.getByRole("heading", { level: 1, name: "Yönetici girişi" }).waitFor();
  await page.getByLabel("Yönetici e-posta adresi").fill(shop.server.adminEmail);
  await page.getByLabel("Yönetici şifresi").fill(shop.server.adminPassword);
  await page.getByRole("button", { name: "Yönetim Paneline Giriş Yap" }).click();
  await page.getByRole("heading", { level: 1, name: "Genel Bakış" }).waitFor();
  await status(page, "Tüm değişiklikler kaydedildi");
  for (const name of ["Ürün Yönetimi", "Kategori Yönetimi", "Ürün Sıralaması", "İstatistikler", "Ayarlar"]) {
    await tab(page, name).click();
    await page.getByRole("tabpanel").getByRole("heading", { level: 2, name }).waitFor();
  }
  await screenshot(page, "turkish-admin-phone-settings", { fullPage: false });
  await expectAccessible(page);
  await expect.poll(() => keptAdminCode(page), { timeout: 15_000 }).toEqual(adminOnlyFiles());

  // Offline, as a device whose HTTP cache is gone: /tr/admin opens from the device, in Turkish.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.context().setOffline(true);
  await page.reload();
  await waitForApp(page);
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
  await page.getByRole("heading", { level: 1, name: "Genel Bakış" }).waitFor();

  await tab(page, "Kategori Yönetimi").click();
  await page.getByRole("button", { name: "Kategori Ekle" }).click();
  await page.getByLabel(/^Ad\b/).fill("Çevrimdışı Şifalı Otlar");
  await page.getByRole("button", { name: "Kategoriyi Oluştur" }).click();
  await status(page, "Bu cihaza kaydedildi. Yeniden çevrimiçi olduğunuzda gönderilecek.");
  await status(page, "1 değişiklik gönderilmeyi bekliyor");
  await screenshot(page, "turkish-admin-phone-offline", { fullPage: false });

  // Back online: sent once.
  await page.context().setOffline(false);
  await status(page, "Tüm değişiklikler kaydedildi");
  await expect
    .poll(
      async () =>
        (await getJson<Category[]>(shop.server, "/api/categories")).filter((c) => c.name === "Çevrimdışı Şifalı Otlar")
          .length,
      {
        timeout: 15_000,
      },
    )
    .toBe(1);
});
