import type { Page, Request } from "playwright-core";
import { expect, test } from "vitest";
import {
  expectAccessible,
  failedRequest,
  failOnPageErrors,
  holdRequests,
  openApp,
  screenshot,
  waitForApp,
} from "../support/browser.ts";
import {
  countMail,
  forgetMailThrottle,
  type Member,
  newMember,
  signUpMember,
  waitForMail,
} from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInThroughForm, submitSignInForm } from "../support/sign-in-form.ts";

// A member comes back (issue 12): signs in, edits the profile, is kept signed in across tabs
// and past the hour, resets a forgotten password. The real Node server in development mode,
// whose mailbox (GET /api/dev/mailbox) holds the e-mails.

const { shop, openPage } = setUpDevelopmentShop();

const resetSubject = "Reset your password · Doğal Yaşam";

/** Requests the tests make fail on purpose (a wrong password, a used link), which the browser logs. */
const refusedSignIn = [failedRequest(400, /\/api\/auth\/token\?grant_type=password/)];
const usedLink = failedRequest(400, /\/api\/auth\/verify/);

const alertText = (page: Page) => page.getByRole("alert").textContent();
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));
const pathname = (page: Page) => new URL(page.url()).pathname;

test("a returning member on a phone: sign-in, profile edits, two tabs, a forgotten password", async () => {
  const member = newMember("Selin Kaya", "selin.returns@example.com", "ıhlamur-çayı-7");
  const questions = await signUpMember(shop.server, member);
  const page = await openPage("phone", [...refusedSignIn, usedLink]);

  // From home, through the phone menu.
  await openApp(page, "/");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Sign In" }).click();
  await page.waitForURL("**/signin");
  await page.getByRole("heading", { level: 1, name: "Welcome Back" }).waitFor();
  expect(await page.getByRole("link", { name: "Sign Up", exact: true }).last().getAttribute("href")).toBe("/signup");
  await page.getByText("By signing in, you agree to our terms of service and privacy policy.").waitFor();
  await screenshot(page, "sign-in-phone");
  await expectAccessible(page);

  // docs/product.md §5 and §8: empty fields, then a wrong password (the e-mail typed loosely).
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  expect(await alertText(page)).toBe("Please fill in all fields");
  await submitSignInForm(page, `  ${member.email.toUpperCase()} `, "not-my-password");
  await page.getByText("Invalid email or password. Please check your credentials and try again.").waitFor();
  await screenshot(page, "sign-in-phone-wrong-password");
  await expectAccessible(page);

  // The right one: home, with the sign-in page replaced in the history.
  const historyLength = await page.evaluate(() => history.length);
  const release = await holdRequests(page, /\/api\/auth\/token\?grant_type=password$/);
  await submitSignInForm(page, `  ${member.email.toUpperCase()} `, member.password);
  await page.getByRole("button", { name: "Signing In..." }).waitFor();
  await release();
  await page.waitForURL((url) => url.pathname === "/");
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  expect(await storedToken(page)).toBeTruthy();
  expect(await page.evaluate(() => document.documentElement.dataset.session)).toBe("member");

  // The phone menu now offers the account.
  await page.getByRole("button", { name: "Menu" }).click();
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  expect(await mobile.getByRole("link", { name: "Sign In" }).count()).toBe(0);
  await mobile.getByRole("button", { name: "Sign Out" }).waitFor();
  await screenshot(page, "member-menu-phone", { fullPage: false });
  await expectAccessible(page);
  await mobile.getByRole("link", { name: "My Profile" }).click();
  await page.waitForURL("**/profile");

  // The profile, read-only until Edit.
  await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
  const summary = page.getByRole("region", { name: "Account summary" });
  await summary.getByRole("heading", { name: "Selin Kaya" }).waitFor();
  await summary.getByText("Verified").waitFor();
  await summary.getByText(`${questions.length}/${questions.length}`).waitFor();
  await summary.getByText("Dominant").waitFor();
  await page.getByText("Email cannot be changed").waitFor();
  expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(member.email);
  expect(await page.getByLabel("First Name").isEditable()).toBe(false);
  // The survey's questions in the profile's form (the e-mail language's choice is beside it).
  const groups = page.locator("main form").getByRole("group");
  expect(await groups.count()).toBe(questions.length);
  expect(await groups.nth(0).getByRole("radio").nth(0).isChecked()).toBe(true);
  expect(await groups.nth(0).getByRole("radio").nth(2).isDisabled()).toBe(true);
  expect(await page.getByRole("button", { name: "Save Changes" }).count()).toBe(0);
  await screenshot(page, "profile-phone");
  await expectAccessible(page);

  // Edit: new names and two new answers.
  await page.getByRole("button", { name: "Edit" }).click();
  expect(await page.getByLabel("Email", { exact: true }).isEditable()).toBe(false);
  await page.getByLabel("First Name").fill("Selin Su");
  await page.getByLabel("Last Name").fill("Kaya-Demir");
  await groups.nth(0).getByRole("radio").nth(2).check();
  await groups.nth(4).getByRole("radio").nth(3).check();
  await screenshot(page, "profile-phone-editing");
  await expectAccessible(page);
  const releaseSave = await holdRequests(page, /\/api\/user\/profile$/);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("button", { name: "Saving..." }).waitFor();
  await releaseSave();
  await page.getByRole("status").filter({ hasText: "Profile updated successfully!" }).waitFor();
  await page.getByRole("button", { name: "Edit" }).waitFor(); // edit mode left
  await summary.getByRole("heading", { name: "Selin Su Kaya-Demir" }).waitFor(); // reloaded

  // Kept: after a reload the names and both answers are there.
  await page.reload();
  await waitForApp(page);
  await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
  expect(await page.getByLabel("First Name").inputValue()).toBe("Selin Su");
  expect(await page.getByLabel("Last Name").inputValue()).toBe("Kaya-Demir");
  expect(await groups.nth(0).getByRole("radio").nth(2).isChecked()).toBe(true);
  expect(await groups.nth(4).getByRole("radio").nth(3).isChecked()).toBe(true);
  expect(await groups.nth(1).getByRole("radio").nth(0).isChecked()).toBe(true);

  // A second tab follows when the first signs out.
  const second = await page.context().newPage();
  failOnPageErrors(second);
  await openApp(second, "/profile");
  await second.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
  await summary.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL("**/signin");
  await second.waitForURL("**/signin");
  await second.getByRole("heading", { level: 1, name: "Welcome Back" }).waitFor();
  expect(await storedToken(second)).toBeNull();
  await second.close();

  // Forgot the password: the reset panel.
  await page.getByRole("heading", { level: 1, name: "Welcome Back" }).waitFor();
  const forgot = page.getByRole("button", { name: "Forgot your password?" });
  expect(await forgot.getAttribute("aria-expanded")).toBe("false");
  await forgot.click();
  await forgetMailThrottle(shop.server, member.email);
  const panel = page.getByRole("region", { name: "Reset your password" });
  await panel.getByRole("button", { name: "Send reset email" }).click();
  expect(await panel.getByRole("alert").textContent()).toBe("Please enter your email address.");
  await panel.getByLabel("Email").fill(member.email.toUpperCase());
  const mailsBefore = await countMail(shop.server, member.email, resetSubject);
  const releaseRecover = await holdRequests(page, /\/api\/auth\/recover$/);
  await panel.getByRole("button", { name: "Send reset email" }).click();
  await panel.getByRole("button", { name: "Sending reset email..." }).waitFor();
  await releaseRecover();
  await panel.getByRole("status").filter({ hasText: "Password reset email sent. Please check your inbox." }).waitFor();
  await screenshot(page, "sign-in-phone-reset-sent");
  await expectAccessible(page);

  // The e-mailed link: the token is read from the fragment, then gone from the address bar.
  const mail = await waitForMail(shop.server, member.email, resetSubject, { after: mailsBefore });
  const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  await openApp(page, link as string);
  await page.getByRole("heading", { level: 1, name: "Reset Password" }).waitFor();
  await page.getByText("Enter your new password below").waitFor();
  await page.getByLabel("New Password", { exact: true }).waitFor();
  expect(page.url()).toBe(`${shop.server.url}/reset-password`);
  await screenshot(page, "reset-password-phone");
  await expectAccessible(page);

  // docs/product.md §5's three messages, then the new password.
  const update = page.getByRole("button", { name: "Update Password" });
  await update.click();
  expect(await alertText(page)).toBe("Please fill in both password fields.");
  await page.getByLabel("New Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm New Password").fill("12345");
  await update.click();
  expect(await alertText(page)).toBe("Password must be at least 6 characters.");
  await page.getByLabel("New Password", { exact: true }).fill("papatya-99");
  await page.getByLabel("Confirm New Password").fill("papatya-98");
  await update.click();
  expect(await alertText(page)).toBe("Passwords do not match.");
  await page.getByLabel("Confirm New Password").fill("papatya-99");
  const releaseUpdate = await holdRequests(page, /\/api\/auth\/user$/);
  await update.click();
  await page.getByRole("button", { name: "Updating..." }).waitFor();
  await releaseUpdate();
  const updatedAt = Date.now();
  await page.getByRole("status").filter({ hasText: "Your password has been updated." }).waitFor();
  await screenshot(page, "reset-password-phone-done", { fullPage: false });
  await page.waitForURL("**/signin");
  expect(Date.now() - updatedAt).toBeGreaterThanOrEqual(1000); // docs/product.md §9: after 1200 ms

  // The link works once: again, it says so and offers a new one.
  await openApp(page, link as string);
  await page.getByText("This password reset link has already been used. Please ask for a new one.").waitFor();
  await page.getByRole("button", { name: "Send reset email" }).waitFor();
  await screenshot(page, "reset-password-phone-used");
  await expectAccessible(page);

  // The old password no longer works; the new one does.
  await openApp(page, "/signin");
  await submitSignInForm(page, member.email, member.password);
  await page.getByText("Invalid email or password. Please check your credentials and try again.").waitFor();
  await submitSignInForm(page, member.email, "papatya-99");
  await page.waitForURL((url) => url.pathname === "/");
  expect(await storedToken(page)).toBeTruthy();
});

test("past the hour the session refreshes itself: same screen, one refresh, calls with the new token", async () => {
  const member = newMember("Emre Ak", "emre.hour@example.com", "kekik-yağı-5");
  await signUpMember(shop.server, member);
  const page = await openPage("phone");
  await page.clock.install();
  await signInThroughForm(page, member);
  await openApp(page, "/profile");
  await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
  const before = await storedToken(page);

  const refreshes: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("grant_type=refresh_token")) refreshes.push(request);
  });
  // The tab sleeps through the hour (a phone in a pocket); its first tick on waking refreshes.
  // Awaited from here, on the network: a wait inside the page would run on the page's clock,
  // which the test holds.
  const refreshed = page.waitForResponse((response) => response.url().includes("grant_type=refresh_token"));
  await page.clock.fastForward("01:01:00");
  expect((await refreshed).status()).toBe(200);
  await expect.poll(() => storedToken(page)).not.toBe(before);
  const after = await storedToken(page);
  expect(refreshes).toHaveLength(1);
  expect(after).toBeTruthy();

  // Nothing changed on screen, and the next call carries the new token.
  expect(pathname(page)).toBe("/profile");
  expect(await page.getByRole("status").filter({ hasText: "Loading" }).count()).toBe(0);
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Last Name").fill("Akın");
  const save = page.waitForRequest(
    (request) => request.method() === "PUT" && request.url().endsWith("/api/user/profile"),
  );
  await page.getByRole("button", { name: "Save Changes" }).click();
  expect((await save).headers().authorization).toBe(`Bearer ${after}`);
  await page.getByRole("status").filter({ hasText: "Profile updated successfully!" }).waitFor();
  expect(refreshes).toHaveLength(1);
});

test("desktop: docs/product.md §8's other sign-in messages, and the administrator goes to /admin", async () => {
  const unconfirmed = newMember("Deniz Er", "deniz.waiting@example.com", "nane-limon-3");
  await signUpMember(shop.server, unconfirmed, { verified: false });
  const page = await openPage("desktop", [
    ...refusedSignIn,
    failedRequest(429, /\/api\/auth\/token\?grant_type=password/),
  ]);
  await openApp(page, "/signin");
  await screenshot(page, "sign-in-desktop");
  await expectAccessible(page);

  // The right password of an account whose e-mail is not confirmed yet.
  await submitSignInForm(page, unconfirmed.email, unconfirmed.password);
  await page
    .getByText("Please verify your email before signing in. Check your inbox for the verification link.")
    .waitFor();

  // An answer with no session in it.
  await page.route(/grant_type=password$/, (route) => route.fulfill({ status: 200, json: {} }));
  await submitSignInForm(page, unconfirmed.email, unconfirmed.password);
  await page.getByText("Login failed. Please try again.").waitFor();
  await page.unroute(/grant_type=password$/);

  // Any other message of the provider shows as it is: here the per-account limit (10 failures).
  for (let i = 0; i < 10; i++) {
    const answer = page.waitForResponse(/grant_type=password$/);
    await submitSignInForm(page, "someone.guessing@example.com", `guess-${i}`);
    expect((await answer).status()).toBe(400);
  }
  await submitSignInForm(page, "someone.guessing@example.com", "one-more");
  await page
    .getByText("Too many sign-in attempts for this account. Please wait 15 minutes or reset your password by e-mail.")
    .waitFor();
  await screenshot(page, "sign-in-desktop-limited");

  // The administrator signs in here too, and lands on /admin with docs/product.md §3's flags.
  await submitSignInForm(page, shop.server.adminEmail, shop.server.adminPassword);
  await page.waitForURL("**/admin");
  expect(
    await page.evaluate(() => [localStorage.getItem("isAdminAuth"), localStorage.getItem("postLoginRedirect")]),
  ).toEqual(["1", "/admin"]);
});

test("desktop: a reset page without a working link says so and sends a new one", async () => {
  const member: Member = { email: "ali.link@example.com", password: "ardıç-yağı-8", firstName: "Ali", lastName: "Taş" };
  await signUpMember(shop.server, member);
  await forgetMailThrottle(shop.server, member.email);
  const page = await openPage("desktop", [usedLink]);

  // Opened without the e-mail's link.
  await openApp(page, "/reset-password");
  await page.getByText("This page needs the link from your password reset e-mail.").waitFor();
  expect(await page.getByLabel("New Password").count()).toBe(0);

  // A link whose token the server does not know (mistyped, or replaced by a newer one).
  await openApp(page, "/reset-password#token=not-a-real-token");
  await page.getByText("This password reset link is not valid. Please ask for a new one.").waitFor();
  expect(page.url()).toBe(`${shop.server.url}/reset-password`);
  await screenshot(page, "reset-password-desktop-invalid");
  await expectAccessible(page);
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Send reset email" }).click();
  await page.getByRole("status").filter({ hasText: "Password reset email sent. Please check your inbox." }).waitFor();
  const mail = await waitForMail(shop.server, member.email, resetSubject);
  expect(mail.text).toMatch(/\/reset-password#token=[\w-]+/);
});

test("desktop: a member's server-rendered page never shows the visitor's links, and nothing moves", async () => {
  const member = newMember("Zeynep Ay", "zeynep.desk@example.com", "adaçayı-11");
  await signUpMember(shop.server, member);
  const page = await openPage("desktop");
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await signInThroughForm(page, member);

  // Home again, from the server, with the app held back: the page as painted before it starts.
  const appChunk = /\/assets\/start-app-[\w-]+\.js$/;
  const releaseApp = await holdRequests(page, appChunk);
  await page.goto("/");
  await page.waitForFunction(() => document.documentElement.dataset.session === "member");
  const header = page.getByRole("banner");
  const visitorLink = page.locator("header a[href='/signin']");
  expect(await visitorLink.count()).toBe(1); // there, as the server wrote it…
  expect(await visitorLink.isVisible()).toBe(false); // …but not shown
  const aboutBefore = await header.getByRole("link", { name: "About" }).boundingBox();
  await releaseApp();
  await waitForApp(page);
  const account = header.getByRole("button", { name: "Account" });
  await account.waitFor();
  expect(await header.getByRole("link", { name: "About" }).boundingBox()).toEqual(aboutBefore);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);

  // The Account menu: My Profile and Sign Out.
  await account.click();
  await header.getByRole("link", { name: "My Profile" }).waitFor();
  await screenshot(page, "member-menu-desktop", { fullPage: false });
  await expectAccessible(page);
  await header.getByRole("link", { name: "My Profile" }).click();
  await page.waitForURL("**/profile");
  await page.getByRole("heading", { level: 2, name: "Wellness Survey" }).waitFor();
  await screenshot(page, "profile-desktop");
  await expectAccessible(page);
  await header.getByRole("button", { name: "Account" }).click();
  await header.getByRole("button", { name: "Sign Out" }).click();
  // The protected page sends the visitor to sign in; the header is the visitor's again.
  await page.waitForURL("**/signin");
  await header.getByRole("link", { name: "Sign In", exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.session)).toBeUndefined();

  // A visitor's page, also held back: their links show from the first paint.
  const releaseAgain = await holdRequests(page, appChunk);
  await page.goto("/");
  await page.locator("header a[href='/signin']").waitFor({ state: "visible" });
  await releaseAgain();
  await waitForApp(page);
});
