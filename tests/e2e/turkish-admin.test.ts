import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Category } from "../../worker/contract/catalogue.ts";
import { adminOnlyFiles, keptAdminCode } from "../support/admin-code.ts";
import { expectAccessible, openApp, reloadOfflineWithoutHttpCache, screenshot } from "../support/browser.ts";
import { getJson } from "../support/server.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";

// Issue 40: the administrator runs the shop in Turkish from /tr/admin, online and offline: the
// Turkish admin screens' code is kept on the device like the English ones' (ADR 0070, 0086).

const { shop, openPage } = setUpDevelopmentShop();

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first().waitFor();

test("phone: the admin signs in at /tr/admin, works in Turkish, and offline a change waits and is sent once", async () => {
  const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);

  await openApp(page, "/tr/admin");
  await page.getByRole("heading", { level: 1, name: "Yönetici girişi" }).waitFor();
  await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword, "tr");
  await status(page, "Tüm değişiklikler kaydedildi");
  for (const name of ["Ürün Yönetimi", "Kategori Yönetimi", "Ürün Sıralaması", "İstatistikler", "Ayarlar"]) {
    await tab(page, name).click();
    await page.getByRole("tabpanel").getByRole("heading", { level: 2, name }).waitFor();
  }
  await screenshot(page, "turkish-admin-phone-settings", { fullPage: false });
  await expectAccessible(page);
  await expect
    .poll(async () => (await keptAdminCode(page)).sort(), { timeout: 15_000 })
    .toEqual(adminOnlyFiles().sort());

  // Offline, as a device whose HTTP cache is gone: /tr/admin opens from the device, in Turkish.
  await reloadOfflineWithoutHttpCache(page);
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
