import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { openApp } from "../support/browser.ts";
import { type Member, signUpMember } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";

// Issue 39: a page the visitor is sent away from decides before it loads anything (ADR 0077).
// The sign-up wizard's loader asks for the survey questions; a signed-in member who opens
// /signup is sent home without that request.

const { shop, openPage } = setUpDevelopmentShop();

/** How many times the page has asked for the survey questions from now on. */
function countQuestionRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/survey/questions") count += 1;
  });
  return () => count;
}

test("a guest's /signup asks for the questions; a signed-in member's is sent home without asking", async () => {
  const page = await openPage("desktop");
  const guestRequests = countQuestionRequests(page);
  await openApp(page, "/signup");
  await page.getByRole("heading", { level: 1, name: "Create Your Account" }).waitFor();
  expect(guestRequests()).toBe(1);

  const member: Member = {
    email: "derya.guarded@example.com",
    password: "adaçayı-31",
    firstName: "Derya",
    lastName: "Aksu",
  };
  await signUpMember(shop.server, member);
  await openApp(page, "/signin");
  await page.getByLabel("Email", { exact: true }).first().fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");

  const memberRequests = countQuestionRequests(page);
  await openApp(page, "/signup");
  await page.waitForURL((url) => url.pathname === "/");
  // Home's own requests settle before counting: a late survey request would show up by then.
  await page.waitForLoadState("networkidle");
  expect(memberRequests()).toBe(0);
});
