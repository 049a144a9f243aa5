import { expect, test } from "vitest";
import { answerQuestions, expectAccessible, openApp, screenshot, waitForApp } from "../support/browser.ts";
import { forgetMailThrottle, waitForMail as waitForMailTo } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";

// Issue 40: a member joins, confirms, signs in, keeps a profile and resets the password, all in
// Turkish on a phone, with the e-mails in Turkish and their links to the Turkish pages. The
// server runs in development mode, where the mailbox exists.

const { shop, openPage } = setUpDevelopmentShop();

const waitForMail = (to: string, subject: string) => waitForMailTo(shop.server, to, subject);

test("a member joins in Turkish on a phone: wizard, Turkish e-mails, sign-in, profile edits and a new password", async () => {
  const page = await openPage("phone");
  const email = "elif.turkce@example.com";
  const password = "ıhlamur-çayı-42";

  // The wizard, in Turkish.
  await openApp(page, "/tr/signup");
  await page.getByRole("heading", { level: 1, name: "Hesabınızı oluşturun" }).waitFor();
  await page.getByText("Adım 1 / 3").waitFor();
  const next = page.getByRole("button", { name: "İleri" });
  await page.getByLabel("Ad", { exact: true }).fill("Elif");
  await page.getByLabel("Soyad").fill("Öztürk");
  await page.getByLabel("E-posta").fill(email);
  await page.getByLabel("Şifre", { exact: true }).fill(password);
  await page.getByLabel("Şifre (Tekrar)").fill(password);
  await next.click();
  await page.getByRole("heading", { level: 2, name: "Sağlık Anketi" }).waitFor();
  await page.getByText("Cevaplanan: 0 / 20").waitFor();
  const questions = page.getByRole("group");
  expect(await questions.count()).toBe(20);
  await answerQuestions(questions, 0, 20);
  await page.getByText("Cevaplanan: 20 / 20").waitFor();
  await screenshot(page, "turkish-sign-up-phone-survey", { fullPage: false });
  await expectAccessible(page);
  await next.click();
  await page.getByRole("heading", { level: 2, name: "Bilgilerinizi Kontrol Edin" }).waitFor();
  await page.getByRole("button", { name: "Hesap Oluştur" }).click();
  await page.getByRole("heading", { level: 1, name: "Aramıza hoş geldiniz" }).waitFor();
  expect(await page.getByRole("link", { name: "Giriş Yap" }).last().getAttribute("href")).toBe("/tr/signin");
  await screenshot(page, "turkish-sign-up-phone-welcome");
  await expectAccessible(page);

  // The verification e-mail is Turkish, and its link ends on the Turkish page.
  const verification = await waitForMail(email, "E-posta adresinizi doğrulayın · Doğal Yaşam");
  expect(verification.text).toContain("Merhaba Elif,");
  const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(verification.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(link as string);
  await page.waitForURL((url) => url.pathname === "/tr/verify-success");
  await waitForApp(page);
  expect(await page.locator("html").getAttribute("lang")).toBe("tr");
  await page.getByRole("heading", { level: 1, name: "E-posta adresiniz doğrulandı" }).waitFor();
  expect(await page.getByRole("main").getByRole("link", { name: "Giriş Yap" }).getAttribute("href")).toBe("/tr/signin");

  // The result e-mail: Turkish, the temperaments by their Turkish names, links to Turkish pages.
  const result = await waitForMail(email, "Mizaç testi sonucunuz · Doğal Yaşam");
  expect(result.text).toMatch(/\(baskın\)/);
  expect(result.text).toMatch(/\(ikincil\)/);
  expect(result.text).toMatch(/\/tr\/profile/);

  // Sign in through the Turkish form: home, in Turkish.
  await openApp(page, "/tr/signin");
  await page.getByRole("heading", { level: 1, name: "Tekrar hoş geldiniz" }).waitFor();
  await page.getByLabel("E-posta", { exact: true }).first().fill(email);
  await page.getByLabel("Şifre", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/tr");
  await waitForApp(page);

  // The profile, with the answers read back in Turkish.
  await openApp(page, "/tr/profile");
  await page.getByRole("heading", { level: 1, name: "Profilim" }).waitFor();
  await page.getByText("Elif Öztürk").first().waitFor();
  await screenshot(page, "turkish-profile-phone");
  await expectAccessible(page);

  // Edit in Turkish: a new surname and a new answer, kept after a reload.
  const answers = page.locator("main form").getByRole("group");
  await page.getByRole("button", { name: "Düzenle" }).click();
  await page.getByLabel("Soyad").fill("Öztürk-Çelik");
  const newAnswer = answers.nth(0).getByRole("radio").nth(2);
  const newAnswerLabel = await newAnswer.evaluate(
    (radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? "",
  );
  await newAnswer.check();
  await page.getByRole("button", { name: "Değişiklikleri Kaydet" }).click();
  await page.getByRole("status").filter({ hasText: "Profiliniz güncellendi!" }).waitFor();
  await page.getByRole("button", { name: "Düzenle" }).waitFor();
  await page.reload();
  await waitForApp(page);
  await page.getByRole("heading", { level: 2, name: "Kişisel bilgiler" }).waitFor();
  expect(await page.getByLabel("Soyad").inputValue()).toBe("Öztürk-Çelik");
  const checked = answers.nth(0).getByRole("radio", { checked: true });
  expect(await checked.evaluate((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? "")).toBe(
    newAnswerLabel,
  );
  expect(newAnswerLabel.trim()).not.toBe("");

  // Signed out, the password forgotten: a Turkish reset e-mail to the Turkish reset page.
  await page.getByRole("button", { name: "Çıkış Yap" }).first().click();
  await openApp(page, "/tr/signin");
  await page.getByRole("button", { name: "Şifrenizi mi unuttunuz?" }).click();
  await forgetMailThrottle(shop.server, email);
  const panel = page.getByRole("region", { name: "Şifrenizi sıfırlayın" });
  await panel.getByLabel("E-posta").fill(email);
  await panel.getByRole("button", { name: "Sıfırlama Bağlantısı Gönder" }).click();
  await panel.getByRole("status").filter({ hasText: "Şifre sıfırlama e-postası gönderildi." }).waitFor();
  const reset = await waitForMail(email, "Şifrenizi sıfırlayın · Doğal Yaşam");
  const resetLink = /https?:\/\/\S+\/tr\/reset-password#token=[\w-]+/.exec(reset.text)?.[0];
  expect(resetLink).toBeDefined();
  await openApp(page, resetLink as string);
  await page.getByRole("heading", { level: 1, name: "Şifre sıfırlama" }).waitFor();
  await page.getByLabel("Yeni Şifre", { exact: true }).fill("papatya-çayı-99");
  await page.getByLabel("Yeni Şifre (Tekrar)").fill("papatya-çayı-99");
  await page.getByRole("button", { name: "Şifreyi Güncelle" }).click();
  await page.waitForURL((url) => url.pathname === "/tr/signin");
  await waitForApp(page);
  await page.getByLabel("E-posta", { exact: true }).first().fill(email);
  await page.getByLabel("Şifre", { exact: true }).fill("papatya-çayı-99");
  await page.getByRole("button", { name: "Giriş Yap", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/tr");
});
