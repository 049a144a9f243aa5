import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { seedSurveyQuestions } from "../../drizzle/seed/survey-questions.ts";
import { suggestedProducts } from "../../worker/contract/suggestions.ts";
import type { Temperament } from "../../worker/contract/temperaments.ts";
import { scoreTemperament } from "../../worker/survey/temperament.ts";
import {
  expectAccessible,
  offlineRequest,
  openApp,
  screenshot,
  storedProductIds,
  waitForApp,
} from "../support/browser.ts";
import { answerSurvey } from "../support/factories.ts";
import { newMember, signUpMember, waitForMail } from "../support/members.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInThroughForm } from "../support/sign-in-form.ts";

// Issue 30, the member's half: a member whose answers make them melancholic sees the products
// that suit it on home and on the profile, in the result e-mail (whose links open the product
// pages), and on home offline; when their answers change, the suggestions follow. The real Node
// server in development mode (the mailbox) over the seeded catalogue.

const { shop, openPage } = setUpDevelopmentShop();

/** Mostly melancholic answers, the rest phlegmatic: question index → the temperament answered. */
const melancholic = (index: number): Temperament => (index < 14 ? "melancholic" : "phlegmatic");

/** The result those answers give and the seeded products the shared rule suggests for it, by name. */
function expectedFor(pick: (index: number) => Temperament) {
  const chosen = seedSurveyQuestions.map((question, index) => {
    const option = question.options.find((o) => o.temperament === pick(index));
    if (!option) throw new Error(`question ${question.id} has no ${pick(index)} option`);
    return option;
  });
  const { dominant, secondary } = scoreTemperament(chosen);
  const products = suggestedProducts(shop.products, { dominant, secondary });
  return { dominant, secondary, products, names: products.map((p) => p.name) };
}

const named = (t: Temperament) => t.charAt(0).toUpperCase() + t.slice(1);

/** Answers every question of the survey on screen as `pick` says, by the option's text. */
async function answer(page: Page, pick: (index: number) => Temperament) {
  for (const [index, question] of seedSurveyQuestions.entries()) {
    const option = question.options.find((o) => o.temperament === pick(index));
    await page
      .getByRole("group", { name: question.question })
      .getByRole("radio", { name: option?.text, exact: true })
      .check();
  }
}

const homeSuggestions = (page: Page) => page.getByRole("region", { name: "Suggested for your temperament" });

/** The product names on home's suggestion cards, once they are there. */
async function homeSuggestionNames(page: Page, count: number): Promise<string[]> {
  const cards = homeSuggestions(page).getByRole("article");
  await expect.poll(() => cards.count()).toBe(count);
  return cards.getByRole("heading", { level: 3 }).allTextContents();
}

const summary = (page: Page) => page.getByRole("region", { name: "Account summary" });

/** The product names the profile suggests under the temperament result, once they are there. */
async function profileSuggestionNames(page: Page, count: number): Promise<string[]> {
  const links = summary(page).getByRole("region", { name: "Suggested for your temperament" }).getByRole("link");
  await expect.poll(() => links.count()).toBe(count);
  return links.allTextContents();
}

test("phone: a melancholic member sees suggestions on home, the profile, in the result e-mail and offline; they follow changed answers", async () => {
  const expected = expectedFor(melancholic);
  expect(expected.dominant).toBe("melancholic");
  // The seeded catalogue has three melancholic products at least: the rule has three to show.
  expect(expected.names).toHaveLength(3);
  const member = newMember("Melek Aydın", "melek.melankolik@example.com", "tarçın-ve-bal-9");
  const page = await openPage("phone", [offlineRequest]);
  const context = page.context();

  // ── Signed out, home has no suggestions ──
  await openApp(page, "/");
  await page.getByRole("heading", { level: 2, name: "Featured products" }).waitFor();
  expect(await homeSuggestions(page).count()).toBe(0);

  // ── Sign-up through the wizard, with melancholic answers ──
  await openApp(page, "/signup");
  await page.getByLabel("First Name").fill(member.firstName);
  await page.getByLabel("Last Name").fill(member.lastName);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Confirm Password").fill(member.password);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Answered: 0 / 20").waitFor();
  await answer(page, melancholic);
  await page.getByText("Answered: 20 / 20").waitFor();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("heading", { level: 1, name: "Welcome to the product" }).waitFor();

  // ── The link from the development mailbox, followed in this browser ──
  const verification = await waitForMail(shop.server, member.email, "Confirm your e-mail address · Doğal Yaşam");
  const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(verification.text)?.[0];
  await page.goto(link as string);
  await page.waitForURL("**/verify-success");

  // ── The result e-mail lists the same products, each with a link that opens its page ──
  const result = await waitForMail(shop.server, member.email, "Your temperament test result · Doğal Yaşam");
  expect(result.text).toContain("Melancholic (dominant)");
  const listed = [...result.text.matchAll(/^- (.+)\n {2}(https?:\/\/\S+)$/gm)].map(([, name, href]) => ({
    name,
    href,
  }));
  expect(listed.map((l) => l.name)).toEqual(expected.names);
  // As the development mailbox shows it: each suggestion's picture loads from its absolute address.
  await page.goto("/dev/mailbox");
  const mail = page
    .locator("article")
    .filter({ hasText: member.email })
    .filter({ has: page.getByRole("heading", { name: "Your temperament test result · Doğal Yaşam" }) });
  const pictures = mail.frameLocator("iframe").locator("img");
  await expect.poll(() => pictures.count()).toBe(expected.products.filter((p) => p.images[0]).length);
  await expect
    .poll(() => pictures.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  // The message's suggestions on screen, as a reader of the mailbox sees them.
  await mail
    .frameLocator("iframe")
    .getByRole("heading", { name: "Suggested for your temperament" })
    .scrollIntoViewIfNeeded();
  await screenshot(page, "suggestions-result-email-phone", { fullPage: false });
  for (const [i, product] of expected.products.entries()) {
    const href = listed[i]?.href ?? "";
    expect(new URL(href).pathname).toBe(`/products/${product.id}`);
    expect(result.html).toContain(`<a href="${href}"`);
    await page.goto(href);
    await waitForApp(page);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
  }

  // ── Signed in: home suggests them, naming the dominant temperament ──
  await signInThroughForm(page, member);
  const home = homeSuggestions(page);
  await home.getByText("Melancholic", { exact: true }).waitFor();
  expect(await homeSuggestionNames(page, 3)).toEqual(expected.names);
  expect(await home.getByRole("link", { name: "All products for Melancholic" }).getAttribute("href")).toBe(
    "/products?temperament=melancholic",
  );
  await screenshot(page, "suggestions-home-phone");
  await expectAccessible(page);

  // ── The profile shows the same under the result ──
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "My Profile" }).click();
  await page.waitForURL("**/profile");
  await summary(page).getByText("Melancholic", { exact: true }).waitFor();
  expect(await profileSuggestionNames(page, 3)).toEqual(expected.names);
  await screenshot(page, "suggestions-profile-phone");
  await expectAccessible(page);
  // A suggestion opens its product.
  await summary(page).getByRole("link", { name: expected.names[0] }).click();
  await page.getByRole("heading", { level: 1, name: expected.names[0] }).waitFor();

  // ── Offline, home still suggests them, from the device's catalogue and the kept result ──
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  const ids = shop.products.map((p) => p.id).sort((a, b) => a - b);
  await expect.poll(() => storedProductIds(page), { timeout: 15_000 }).toEqual(ids);
  await context.setOffline(true);
  await page.reload();
  await waitForApp(page);
  await page.getByRole("status").filter({ hasText: "You are offline." }).waitFor();
  await homeSuggestions(page).getByText("Melancholic", { exact: true }).waitFor();
  expect(await homeSuggestionNames(page, 3)).toEqual(expected.names);
  await screenshot(page, "suggestions-home-offline-phone");
  await expectAccessible(page);
  await context.setOffline(false);

  // ── New answers: the profile's suggestions and home's follow ──
  const choleric = () => "choleric" as const;
  const changed = expectedFor(choleric);
  expect(changed.names).not.toEqual(expected.names);
  await openApp(page, "/profile");
  await page.getByRole("button", { name: "Edit" }).click();
  await answer(page, choleric);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("status").filter({ hasText: "Profile updated successfully!" }).waitFor();
  await summary(page).getByText(named(changed.dominant), { exact: true }).first().waitFor();
  await expect.poll(() => profileSuggestionNames(page, changed.names.length)).toEqual(changed.names);
  // Home, reached inside the app: no reload, the kept result changed with the profile.
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Home" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await homeSuggestions(page).getByText(named(changed.dominant), { exact: true }).waitFor();
  await expect.poll(() => homeSuggestionNames(page, changed.names.length)).toEqual(changed.names);

  // ── Signed out: home as before, and nothing of the member's result left on the device ──
  await page
    .evaluate(() => localStorage.getItem("temperamentResult"))
    .then((kept) => expect(kept).toContain("choleric"));
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Sign Out" }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("temperamentResult"))).toBeNull();
  await openApp(page, "/");
  await page.getByRole("heading", { level: 2, name: "Featured products" }).waitFor();
  expect(await homeSuggestions(page).count()).toBe(0);
});

test("desktop: home and the profile with a melancholic member's suggestions", async () => {
  const expected = expectedFor(melancholic);
  const member = newMember("Melek Demir", "melek.masaustu@example.com", "tarçın-ve-bal-9");
  await signUpMember(shop.server, member, { answers: answerSurvey(seedSurveyQuestions, melancholic) });
  const page = await openPage("desktop");
  await signInThroughForm(page, member);
  await homeSuggestions(page).getByText("Melancholic", { exact: true }).waitFor();
  expect(await homeSuggestionNames(page, 3)).toEqual(expected.names);
  await screenshot(page, "suggestions-home-desktop");
  await expectAccessible(page);

  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Account" }).click();
  await header.getByRole("link", { name: "My Profile" }).click();
  await page.waitForURL("**/profile");
  expect(await profileSuggestionNames(page, 3)).toEqual(expected.names);
  await screenshot(page, "suggestions-profile-desktop");
  await expectAccessible(page);
});
