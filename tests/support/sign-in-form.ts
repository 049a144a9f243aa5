import type { Page } from "playwright-core";
import { openApp } from "./browser.ts";

// A member signing in the way a visitor does: through /signin's form, in Chromium. Tests that
// sign in through the API instead (a token in storage) say so where they do it.

/** Types the address and the password into the sign-in form on the page and presses Sign In. */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email", { exact: true }).first().fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** A member signs in through the form: /signin, their address and password, and home once the app goes there. */
export async function signInThroughForm(page: Page, member: { email: string; password: string }): Promise<void> {
  await openApp(page, "/signin");
  await submitSignInForm(page, member.email, member.password);
  await page.waitForURL((url) => url.pathname === "/");
}

/** The admin sign-in form's words, on /admin and on /tr/admin. */
const dashboardSignIn = {
  en: { email: "Admin Email", password: "Admin Password", submit: "Sign In to Admin Panel", dashboard: "Dashboard" },
  tr: {
    email: "Yönetici e-posta adresi",
    password: "Yönetici şifresi",
    submit: "Yönetim Paneline Giriş Yap",
    dashboard: "Genel Bakış",
  },
};

/**
 * The administrator signs in on the admin form (the page is there already, /admin or /tr/admin
 * as `locale` says) and the dashboard opens.
 */
export async function signInToDashboard(
  page: Page,
  email: string,
  password: string,
  locale: "en" | "tr" = "en",
): Promise<void> {
  const words = dashboardSignIn[locale];
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(password);
  await page.getByRole("button", { name: words.submit }).click();
  await page.getByRole("heading", { level: 1, name: words.dashboard }).waitFor();
}
