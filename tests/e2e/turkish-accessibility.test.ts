import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { accessibilityViolations, answerQuestions, failedRequest, openApp, waitForApp } from "../support/browser.ts";
import { forgetMailThrottle, newMember, signUpMember, waitForMail } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInToDashboard } from "../support/sign-in-form.ts";

// Issue 40: axe (WCAG 2.2 A/AA and best practices) finds nothing on any Turkish screen, on a phone:
// the shopper's, the member's and the administrator's. The server runs in development mode, where
// the mailbox exists (the reset link).

const { shop, openPage } = setUpDevelopmentShop();

/** Every violation on the screen as it is now, named by the screen, so one run lists them all. */
async function violationsOn(page: Page, screen: string, found: string[]): Promise<void> {
  expect(await page.locator("html").getAttribute("lang"), screen).toBe("tr");
  for (const violation of await accessibilityViolations(page)) found.push(`${screen}: ${violation}`);
}

describe("axe on every Turkish screen, on a phone", () => {
  test("the shopper's screens", async () => {
    const page = await openPage("phone", [failedRequest(404, /\/tr\/(olmayan-sayfa|products\/999999)/)]);
    const [category] = shop.categories;
    const [product] = shop.products;
    if (!category || !product) throw new Error("the seeded shop has no catalogue");
    const found: string[] = [];
    const screens: [string, string][] = [
      ["home", "/tr"],
      ["products", "/tr/products"],
      ["products by category", `/tr/products?category=${category.id}`],
      ["products by temperament", "/tr/products?temperament=choleric"],
      ["product", `/tr/products/${product.id}`],
      ["product not found", "/tr/products/999999"],
      ["about", "/tr/about"],
      ["privacy", "/tr/privacy"],
      ["terms", "/tr/terms"],
      ["not found", "/tr/olmayan-sayfa"],
    ];
    for (const [screen, path] of screens) {
      await openApp(page, path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await violationsOn(page, screen, found);
    }
    // The phone menu, open.
    await openApp(page, "/tr/products");
    await page.getByRole("button", { name: "Menü" }).click();
    await page.getByRole("navigation", { name: "Mobil menü" }).waitFor();
    await violationsOn(page, "phone menu", found);
    expect(found).toEqual([]);
  });

  test("the member's screens: sign-up's three steps, sign-in with an error, reset, confirm, verify, profile", async () => {
    const page = await openPage("phone", [failedRequest(400, /\/api\/auth\/token/)]);
    const found: string[] = [];
    await openApp(page, "/tr/signup");
    await violationsOn(page, "sign-up step 1", found);
    await page.getByLabel("Ad", { exact: true }).fill("Çağrıhan");
    await page.getByLabel("Soyad").fill("Karaosmanoğlu");
    await page.getByLabel("E-posta").fill("cagrihan.erisim@example.com");
    await page.getByLabel("Şifre", { exact: true }).fill("ıhlamur-çayı-42");
    await page.getByLabel("Şifre (Tekrar)").fill("ıhlamur-çayı-42");
    await page.getByRole("button", { name: "İleri" }).click();
    await page.getByText("Cevaplanan: 0 / 20").waitFor();
    await violationsOn(page, "sign-up step 2", found);
    await answerQuestions(page.getByRole("group"), 0, 20);
    await page.getByRole("button", { name: "İleri" }).click();
    await page.getByRole("heading", { level: 2, name: "Bilgilerinizi Kontrol Edin" }).waitFor();
    await violationsOn(page, "sign-up step 3", found);

    await openApp(page, "/tr/signin");
    await page.getByLabel("E-posta", { exact: true }).first().fill("kimse@example.com");
    await page.getByLabel("Şifre", { exact: true }).fill("yanlis-sifre-1");
    await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "E-posta adresi veya şifre hatalı." }).waitFor();
    await violationsOn(page, "sign-in with an error", found);
    await page.getByRole("button", { name: "Şifrenizi mi unuttunuz?" }).click();
    await page.getByRole("region", { name: "Şifrenizi sıfırlayın" }).waitFor();
    await violationsOn(page, "reset request", found);

    for (const [screen, path] of [
      ["confirm e-mail", "/tr/confirm-email"],
      ["verify (expired link)", "/tr/verify-email?problem=expired"],
      ["verify-success", "/tr/verify-success"],
      ["reset without a link", "/tr/reset-password"],
    ]) {
      await openApp(page, path as string);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await violationsOn(page, screen as string, found);
    }

    // A member: the reset page with a live link, then signed in, home and the profile.
    const member = newMember("Elif Öztürk", "elif.erisim@example.com", "papatya-çayı-99");
    await signUpMember(shop.server, member);
    await forgetMailThrottle(shop.server, member.email);
    await fetch(`${shop.server.url}/api/auth/recover`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "tr" },
      body: JSON.stringify({ email: member.email }),
    });
    const reset = await waitForMail(shop.server, member.email, "Reset your password · Doğal Yaşam");
    const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(reset.text)?.[0] ?? "";
    await openApp(page, `/tr${new URL(link).pathname}${new URL(link).hash}`);
    await page.getByLabel("Yeni Şifre", { exact: true }).waitFor();
    await violationsOn(page, "reset with a link", found);

    await openApp(page, "/tr/signin");
    await page.getByLabel("E-posta", { exact: true }).first().fill(member.email);
    await page.getByLabel("Şifre", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/tr");
    await waitForApp(page);
    await violationsOn(page, "home, signed in", found);
    await openApp(page, "/tr/profile");
    await page.getByRole("heading", { level: 1, name: "Profilim" }).waitFor();
    await violationsOn(page, "profile", found);
    expect(found).toEqual([]);
  });

  test("the administrator's screens: sign-in, every tab, the product form and a queued change", async () => {
    const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);
    const found: string[] = [];
    await openApp(page, "/tr/admin");
    await page.getByRole("heading", { level: 1, name: "Yönetici girişi" }).waitFor();
    await violationsOn(page, "admin sign-in", found);
    await signInToDashboard(page, shop.server.adminEmail, shop.server.adminPassword, "tr");
    const tabs = [
      "Kullanıcılar ve Anket Cevapları",
      "Ürün Yönetimi",
      "Kategori Yönetimi",
      "Ürün Sıralaması",
      "İstatistikler",
      "Ayarlar",
    ];
    for (const name of tabs) {
      await page.getByRole("tab", { name, exact: true }).click();
      await page.getByRole("tabpanel").getByRole("heading", { level: 2, name }).waitFor();
      await violationsOn(page, `admin tab ${name}`, found);
    }
    await page.getByRole("tab", { name: "Ürün Yönetimi", exact: true }).click();
    await page.getByRole("button", { name: "Ürün Ekle" }).click();
    await page.getByRole("form", { name: "Ürün Ekle" }).waitFor();
    await violationsOn(page, "product form", found);

    // Offline, a change waits in the outbox.
    await page.reload();
    await waitForApp(page);
    await page.context().setOffline(true);
    await page.getByRole("tab", { name: "Kategori Yönetimi", exact: true }).click();
    await page.getByRole("button", { name: "Kategori Ekle" }).click();
    await page.getByLabel(/^Ad\b/).fill("Erişilebilir Otlar");
    await page.getByRole("button", { name: "Kategoriyi Oluştur" }).click();
    await page.getByRole("status").filter({ hasText: "1 değişiklik gönderilmeyi bekliyor" }).first().waitFor();
    await violationsOn(page, "outbox with a queued change", found);
    await page.context().setOffline(false);
    expect(found).toEqual([]);
  });
});
