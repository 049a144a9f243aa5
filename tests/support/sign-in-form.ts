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

/** The administrator signs in on /admin's form (the page is there already) and the dashboard opens. */
export async function signInToDashboard(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Admin Email").fill(email);
  await page.getByLabel("Admin Password").fill(password);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}
