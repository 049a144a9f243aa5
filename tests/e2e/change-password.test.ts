import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { expectAccessible, failedRequest, holdRequests, openApp, screenshot, waitForApp } from "../support/browser.ts";
import { newMember, signUpMember } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInThroughForm, submitSignInForm } from "../support/sign-in-form.ts";

// Issue 26, defect 2 (ADR 0033): a member changes the password on the profile, which asks for
// the current one. The real Node server in development mode, Chromium as a laptop and a phone.

const { shop, openPage } = setUpDevelopmentShop();

const pathname = (page: Page) => new URL(page.url()).pathname;

async function openProfile(page: Page) {
  await openApp(page, "/profile");
  await page.getByRole("heading", { level: 2, name: "Change Password" }).waitFor();
}

test("a member changes the password on the profile, signs out, and signs in with the new one", async () => {
  const member = newMember("Deniz Aksoy", "deniz.changes@example.com", "papatya-çayı-1");
  const newPassword = "ıhlamur-balı-2";
  await signUpMember(shop.server, member);

  // Another device the member is signed in on: the change signs it out.
  const phone = await openPage("phone", [
    failedRequest(401, /\/api\/user\/profile/),
    failedRequest(400, /\/api\/auth\/token\?grant_type=refresh_token/),
  ]);
  await signInThroughForm(phone, member);
  await openProfile(phone);
  await screenshot(phone, "change-password-profile-phone");
  await phone.getByRole("region", { name: "Change Password" }).scrollIntoViewIfNeeded();
  await screenshot(phone, "change-password-form-phone", { fullPage: false });
  await expectAccessible(phone);

  const page = await openPage("desktop", [
    failedRequest(400, /\/api\/auth\/user/),
    failedRequest(400, /\/api\/auth\/token\?grant_type=password/),
  ]);
  await signInThroughForm(page, member);
  await openProfile(page);
  const form = page.getByRole("region", { name: "Change Password" });
  const submit = form.getByRole("button", { name: "Change Password" });
  const alert = form.getByRole("alert");
  const fill = async (current: string, next: string, confirm: string) => {
    await form.getByLabel("Current Password").fill(current);
    await form.getByLabel("New Password", { exact: true }).fill(next);
    await form.getByLabel("Confirm New Password").fill(confirm);
  };
  await screenshot(page, "change-password-profile-desktop");
  await expectAccessible(page);

  // docs/product.md §5's rules, checked before anything is sent.
  await submit.click();
  expect(await alert.textContent()).toBe("Please fill in all fields");
  await fill(member.password, "12345", "12345");
  await submit.click();
  expect(await alert.textContent()).toBe("Password must be at least 6 characters.");
  await fill(member.password, newPassword, `${newPassword}!`);
  await submit.click();
  expect(await alert.textContent()).toBe("Passwords do not match.");

  // A wrong current password: the server's detail.
  await fill("not-my-password", newPassword, newPassword);
  await submit.click();
  await form.getByRole("alert").filter({ hasText: "Your current password is incorrect." }).waitFor();
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, "change-password-wrong-current-desktop", { fullPage: false });
  await expectAccessible(page);

  // The right one: busy, then done; the fields are emptied and this device stays signed in.
  await fill(member.password, newPassword, newPassword);
  const release = await holdRequests(page, /\/api\/auth\/user$/);
  await submit.click();
  await form.getByRole("button", { name: "Changing..." }).waitFor();
  await release();
  await form.getByRole("status").filter({ hasText: "Password changed successfully!" }).waitFor();
  expect(await form.getByLabel("Current Password").inputValue()).toBe("");
  await screenshot(page, "change-password-changed-desktop", { fullPage: false });
  await expectAccessible(page);
  await page.reload();
  await waitForApp(page);
  await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
  expect(pathname(page)).toBe("/profile");

  // The other device was signed out.
  await phone.reload();
  await phone.waitForURL("**/signin");

  // Signed out here, the old password no longer works and the new one does.
  await page.getByRole("region", { name: "Account summary" }).getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL("**/signin");
  await submitSignInForm(page, member.email, member.password);
  await page.getByText("Invalid email or password. Please check your credentials and try again.").waitFor();
  await submitSignInForm(page, member.email, newPassword);
  await page.waitForURL((url) => url.pathname === "/");
  await openProfile(page);
  await page.getByRole("region", { name: "Account summary" }).getByRole("heading", { name: "Deniz Aksoy" }).waitFor();
});
