import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { expectAccessible, failedRequest, openApp, screenshot } from "../support/browser.ts";
import { openShopPage, type ShopInBrowser, setUpShopInBrowser } from "../support/shop-in-browser.ts";
import { submitSignInForm } from "../support/sign-in-form.ts";

// Issue 26 (5) in Chromium: strangers' wrong passwords lock the administrator's account for
// untrusted browsers only. The browser that signed in before sends its device cookie by itself
// (same-origin fetch) and gets in; a new browser is told how a reset e-mail helps
// (docs/decisions/0035-device-cookies.md).

let shop: ShopInBrowser;
setUpShopInBrowser((started) => {
  shop = started;
});

const locked = "Too many sign-in attempts for this account. Please wait 15 minutes or reset your password by e-mail.";

const openPage = (kind: "desktop" | "phone") =>
  openShopPage(shop, kind, [failedRequest(429, /\/api\/(admin\/login|auth\/token)/)]);

async function adminSignIn(page: Page) {
  await openApp(page, "/admin");
  await page.getByLabel("Admin Email").fill(shop.server.adminEmail);
  await page.getByLabel("Admin Password").fill(shop.server.adminPassword);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
}

test("the administrator's own browser gets in during an attack; a new one is pointed to the reset e-mail", async () => {
  const own = await openPage("desktop");
  await adminSignIn(own);
  await own.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

  // The attacker: ten wrong passwords for the administrator's address.
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${shop.server.url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: shop.server.adminEmail, password: `guess-${i}` }),
    });
    expect(res.status).toBe(401);
  }

  // Later, on the same browser, signed out: the device cookie is still there and counts apart.
  await own.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await adminSignIn(own);
  await own.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

  // A browser that never signed in: the lock, and the way out.
  for (const kind of ["desktop", "phone"] as const) {
    const page = await openPage(kind);
    await adminSignIn(page);
    const alert = page.getByRole("alert");
    await alert.filter({ hasText: locked }).waitFor();
    expect(await alert.getByRole("link", { name: "Reset your password" }).getAttribute("href")).toBe("/signin");
    await screenshot(page, `lockout-admin-login-${kind}`);
    await expectAccessible(page);

    await openApp(page, "/signin");
    await submitSignInForm(page, shop.server.adminEmail.toUpperCase(), shop.server.adminPassword);
    await page.getByRole("alert").filter({ hasText: locked }).waitFor();
    // The reset panel opens with the address typed, one tap from the e-mail that helps.
    const panel = page.getByRole("region", { name: "Reset your password" });
    await panel.waitFor();
    expect(await panel.getByLabel("Email").inputValue()).toBe(shop.server.adminEmail.toUpperCase());
    await screenshot(page, `lockout-signin-${kind}`);
    await expectAccessible(page);
  }
});
