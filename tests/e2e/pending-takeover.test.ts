import { expect, test } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { expectAccessible, failedRequest, screenshot, waitForApp } from "../support/browser.ts";
import { answerSurvey } from "../support/factories.ts";
import { forgetMailThrottle, waitForMail } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInThroughForm } from "../support/sign-in-form.ts";

// Issue 26 (4) in Chromium: a stranger signs up with the owner's address two minutes after the
// owner. The owner opens the links in their mailbox in browsers that did not sign up: the page
// asks for the password chosen at sign-up, the stranger's link refuses the owner's password,
// and the owner's own link confirms with it (docs/decisions/0034-pending-registrations.md).

const { shop, openPage } = setUpDevelopmentShop();

const subject = "Confirm your e-mail address · Doğal Yaşam";
const email = "elif.owner@example.com";
const ownersPassword = "papatya-owner-7";

async function signUp(password: string, firstName: string) {
  const res = await fetch(`${shop.server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      first_name: firstName,
      last_name: "Kaya",
      email,
      password,
      survey_responses: answerSurvey(seedSurveyQuestions, "melancholic"),
    }),
  });
  expect(res.status).toBe(202);
}

const linkIn = (text: string) => {
  const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error("no verification link");
  return link;
};

test("the owner's mailbox links ask for the password; the stranger's link refuses it, the owner's confirms", async () => {
  await signUp(ownersPassword, "Elif");
  const ownersLink = linkIn((await waitForMail(shop.server, email, subject)).text);
  await forgetMailThrottle(shop.server, email); // two minutes later
  await signUp("stranger-pass-9", "Mallory");
  const strangersLink = linkIn((await waitForMail(shop.server, email, subject, { after: 1 })).text);
  expect(strangersLink).not.toBe(ownersLink);

  // The newest e-mail, opened on the owner's laptop.
  const laptop = await openPage("desktop", [failedRequest(400, /\/api\/auth\/verify/)]);
  await laptop.goto(strangersLink);
  await laptop.waitForURL("**/confirm-email");
  await waitForApp(laptop);
  await laptop.getByRole("heading", { level: 1, name: "Confirm your e-mail address" }).waitFor();
  expect(new URL(laptop.url()).hash).toBe(""); // the token left the address bar
  await laptop.getByLabel("Password").fill(ownersPassword);
  await laptop.getByRole("button", { name: "Confirm" }).click();
  await laptop.getByRole("alert").filter({ hasText: "This is not the password chosen when signing up" }).waitFor();
  await screenshot(laptop, "confirm-email-desktop-wrong-password");
  await expectAccessible(laptop);

  // The owner's own e-mail, opened on a phone that did not sign up either.
  const phone = await openPage("phone");
  await phone.goto(ownersLink);
  await phone.waitForURL("**/confirm-email");
  await waitForApp(phone);
  await screenshot(phone, "confirm-email-phone");
  await expectAccessible(phone);
  await phone.getByLabel("Password").fill(ownersPassword);
  await phone.getByRole("button", { name: "Confirm" }).click();
  await phone.waitForURL("**/verify-success");
  await phone.getByRole("heading", { level: 1, name: "E-posta adresiniz doğrulandı" }).waitFor();

  // The owner signs in with their password; the stranger's link is dead now.
  await signInThroughForm(phone, { email, password: ownersPassword });
  await laptop.goto(strangersLink);
  await laptop.waitForURL("**/verify-email?problem=invalid");
});
