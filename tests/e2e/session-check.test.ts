import type { Page, Request } from "playwright-core";
import { expect, test } from "vitest";
import { openApp } from "../support/browser.ts";
import { newMember, signUpMember } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInThroughForm } from "../support/sign-in-form.ts";

// Issue 27: on load with a stored session the profile is fetched (docs/product.md §4). That check and the
// profile screen ask the server once between them, and its answer is read to the end: an answer
// left unread keeps its request open, and the page never goes quiet.

const { shop, openPage } = setUpDevelopmentShop();

/** The page's `GET /api/user/profile` requests from now on, and which of them have finished. */
function watchProfileRequests(page: Page) {
  const asked: Request[] = [];
  const finished = new Set<Request>();
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/user/profile") asked.push(request);
  });
  page.on("requestfinished", (request) => finished.add(request));
  return {
    count: () => asked.length,
    allFinished: () => asked.every((request) => finished.has(request)),
    reset: () => asked.splice(0),
  };
}

test("a signed-in page asks for the profile once and reads the answer to its end", async () => {
  const member = newMember("Ece Tan", "ece.loads@example.com", "kekik-balı-4");
  await signUpMember(shop.server, member);
  const page = await openPage("desktop");
  await signInThroughForm(page, member);
  // Signed in without a page load, home reads the member's temperament result once (issue 30).
  await page.getByRole("region", { name: "Suggested for your temperament" }).getByRole("article").first().waitFor();

  const profileRequests = watchProfileRequests(page);

  // Loaded at /profile: the session check's answer is the one the profile screen shows.
  await openApp(page, "/profile");
  await page.getByRole("region", { name: "Account summary" }).getByRole("heading", { name: "Ece Tan" }).waitFor();
  expect(profileRequests.count()).toBe(1);
  await expect.poll(profileRequests.allFinished, { timeout: 5_000 }).toBe(true);

  // Loaded at /: only the session check asks, and its answer is read too.
  profileRequests.reset();
  await openApp(page, "/");
  await expect.poll(profileRequests.count).toBe(1);
  await expect.poll(profileRequests.allFinished, { timeout: 5_000 }).toBe(true);
});
