import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { AdminUser } from "../../worker/contract/admin.ts";
import type { Category, Product, SurveyQuestion } from "../../worker/contract/catalogue.ts";
import { productsPageSize } from "../../worker/contract/initial-data.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import {
  downloadedBytes,
  expectAccessible,
  failedRequest,
  failOnPageErrors,
  holdRequests,
  openApp,
  screenshot,
  waitForApp,
} from "../support/browser.ts";
import { type Member, newMember, signUpMember } from "../support/members.ts";
import { addMembers } from "../support/seed-members.ts";
import { getJson } from "../support/server.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";
import { signInThroughForm, signInToDashboard } from "../support/sign-in-form.ts";

// The administrator runs the shop from /admin (issue 13), on the real Node server in development
// mode (members are made through sign-up and the development mailbox).

const { shop: running, openPage } = setUpDevelopmentShop();

/** A member whose names a spreadsheet would misread: the CSV must quote and neutralise them. */
const member: Member = {
  email: "selin.admin-e2e@example.com",
  password: "ıhlamur-çayı-7",
  firstName: '=HYPERLINK("http://evil.example")',
  lastName: 'Kaya, "Su"',
};

/** A full-page screenshot from the top (the sticky header would otherwise sit mid-picture). */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function adminSignIn(page: Page) {
  await signInToDashboard(page, running.server.adminEmail, running.server.adminPassword);
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
/** dnd-kit's live region: visually hidden, read out. */
const announced = (page: Page, text: string) =>
  page.getByRole("status").filter({ hasText: text }).waitFor({ state: "attached" });
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text }).waitFor();
const counter = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

/** The names in the ordering list, top to bottom. */
const orderedNames = (page: Page) =>
  page
    .getByRole("list", { name: "Product order" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.querySelector("p")?.textContent ?? ""));

/** Pastes into the editor as a browser does: a paste event carrying the clipboard's data. */
async function paste(page: Page, data: Record<string, string>) {
  await page.getByRole("textbox", { name: "Description", exact: true }).evaluate((editor, items) => {
    const clipboard = new DataTransfer();
    for (const [type, value] of Object.entries(items)) clipboard.setData(type, value);
    editor.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, data);
}

/** The admin's own calls, with the token the page holds, for what the API says after a screen acted. */
async function adminGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return response.json();
  }, path);
}

/** A page copied from somewhere else: the kind of HTML a paste brings, with its script. */
const copiedPage = `<html><head><meta charset="utf-8"><link rel="stylesheet" href="https://evil.example/x.css">
<style>body { display: none }</style><script>window.__pasted = "script ran"</script></head>
<body><h2 style="color: red" onclick="window.__pasted = 'onclick'">Ihlamur çayı</h2>
<p>Calms the <strong>evening</strong> and <em>soothes</em> the throat.<script>window.__pasted = "inline"</script></p>
<img src="/nowhere.png" onerror="window.__pasted = 'onerror'">
<ul><li onmouseover="window.__pasted = 'hover'">Steep 5 minutes</li><li>Drink warm</li></ul>
<p><a href="javascript:window.__pasted='link'">bad link</a> <a href="https://example.com/ihlamur">good link</a></p></body></html>`;

test("desktop: the administrator signs in and runs the shop", async () => {
  await signUpMember(running.server, member);
  const [questions, seededCategories] = await Promise.all([
    getJson<{ questions: SurveyQuestion[] }>(running.server, "/api/survey/questions").then((body) => body.questions),
    getJson<Category[]>(running.server, "/api/categories"),
  ]);
  const page = await openPage("desktop", [
    failedRequest(401, /\/api\/admin\/login/),
    failedRequest(412, /\/api\/admin\/products\/\d+/),
    failedRequest(409, /\/api\/admin\/categories\/\d+/),
    // The pasted page carries on* handlers. Chromium reports each one against the page's CSP
    // the moment any parser reads it, even the inert document DOMPurify cleans it in, where it
    // could never run: these reports are the handlers being refused, not running (the test
    // checks that none ran).
    /^console\.error: Executing inline event handler violates .*rich-text-editor-[\w-]+\.js/,
    /^console\.error: CSP violation: script-src-attr inline at .*rich-text-editor-[\w-]+\.js$/,
  ]);

  // ── The admin login (docs/product.md §2, §5, §8) ──
  await openApp(page, "/admin");
  await page.getByRole("heading", { level: 1, name: "Admin Sign In" }).waitFor();
  expect(await page.getByRole("link", { name: "Back to Website" }).getAttribute("href")).toBe("/");
  await snap(page, "admin-login-desktop");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await alert(page, "Please fill in all fields");
  // A member's right password is no admin's: the server's detail is shown.
  await page.getByLabel("Admin Email").fill(member.email);
  await page.getByLabel("Admin Password").fill(member.password);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await alert(page, "Invalid admin credentials.");
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  // docs/product.md §8's two other readings: an answer without a token, a failure without a detail.
  await page.route(/\/api\/admin\/login$/, (route) => route.fulfill({ status: 200, json: { user: {} } }));
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await alert(page, "Admin login failed. Please try again.");
  await page.unroute(/\/api\/admin\/login$/);
  await page.route(/\/api\/admin\/login$/, (route) =>
    route.fulfill({ status: 401, contentType: "text/html", body: "<h1>Unauthorized</h1>" }),
  );
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await alert(page, "Invalid admin credentials. Please try again.");
  await page.unroute(/\/api\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  // ── The dashboard: counters and the Users tab ──
  await adminSignIn(page);
  expect(
    await page.evaluate(() => [localStorage.getItem("isAdminAuth"), localStorage.getItem("postLoginRedirect")]),
  ).toEqual(["1", "/admin"]);
  const [users, products] = [
    await adminGet<AdminUser[]>(page, "/api/admin/users"),
    await getJson<Product[]>(running.server, "/api/products"),
  ];
  expect(await counter(page, "Total Users").textContent()).toBe(String(users.length));
  expect(await counter(page, "Total Products").textContent()).toBe(String(products.length));
  expect(await counter(page, "Categories").textContent()).toBe(String(seededCategories.length));
  expect(await counter(page, "Survey Questions").textContent()).toBe(String(questions.length));
  expect(await tab(page, "Users & Survey Responses").getAttribute("aria-selected")).toBe("true");
  const card = page.getByRole("article").filter({ hasText: member.email });
  await card.getByText("Verified").waitFor();
  await card.getByText(`${questions.length}/${questions.length}`).waitFor();
  await card.getByText("Survey answers (20)").click();
  const first = questions[0] as SurveyQuestion;
  await card.getByText(`Q${first.order}: ${first.question}`).waitFor();
  await card
    .getByText(first.options[0] as string, { exact: true })
    .first()
    .waitFor();
  // The temperament result, each part under its own label.
  const { temperament } = users.find((u) => u.email === member.email) as AdminUser;
  if (!temperament) throw new Error("the member has no temperament result");
  const named = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  expect(await card.locator("dt", { hasText: "Dominant temperament" }).locator("+ dd").textContent()).toBe(
    named(temperament.dominant),
  );
  expect(await card.locator("dt", { hasText: "Secondary temperament" }).locator("+ dd").textContent()).toBe(
    named(temperament.secondary),
  );
  await snap(page, "admin-users-desktop");
  await expectAccessible(page);

  // The tabs answer to the arrow keys.
  await tab(page, "Users & Survey Responses").focus();
  await page.keyboard.press("ArrowRight");
  expect(await tab(page, "Product Management").getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("End");
  expect(await tab(page, "Settings").getAttribute("aria-selected")).toBe("true");

  // ── Category Management ──
  await tab(page, "Category Management").click();
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.getByRole("button", { name: "Create Category" }).click();
  await page.getByText("Name is required.").waitFor();
  await page.getByLabel("Name").fill("Bitki Tozları");
  await page.getByLabel("Description").fill("Öğütülmüş şifalı bitkiler");
  await page.getByRole("button", { name: "Create Category" }).click();
  await status(page, "Category created successfully!");
  const created = (await getJson<Category[]>(running.server, "/api/categories")).find(
    (c) => c.name === "Bitki Tozları",
  );
  expect(created).toMatchObject({ description: "Öğütülmüş şifalı bitkiler" });
  const categoryId = (created as Category).id;
  const categoryCard = page.getByRole("article").filter({ hasText: "Bitki Tozları" });
  await categoryCard.getByText(`ID ${categoryId}`).waitFor();
  await categoryCard.getByText(/^Created /).waitFor();
  // The header heard the categories-changed event: its menu links the new category, no reload.
  await page.locator(`header a[href="/products?category=${categoryId}"]`).first().waitFor({ state: "attached" });
  await categoryCard.getByRole("button", { name: "Edit Bitki Tozları" }).click();
  expect(await page.getByLabel("Name").inputValue()).toBe("Bitki Tozları");
  await page.getByLabel("Description").fill("Taş değirmende öğütülmüş şifalı bitkiler");
  await page.getByRole("button", { name: "Update Category" }).click();
  await status(page, "Category updated successfully!");
  await categoryCard.getByText("Taş değirmende öğütülmüş şifalı bitkiler").waitFor();
  await snap(page, "admin-categories-desktop");
  await expectAccessible(page);

  // ── Product Management: a new product with two images and a pasted description ──
  await tab(page, "Product Management").click();
  await page.getByRole("button", { name: "Add Product" }).click();
  const form = page.getByRole("form", { name: "Add Product" });
  await form.getByRole("textbox", { name: "Description", exact: true }).waitFor();
  const imageFields = form.getByRole("group", { name: "Images" }).getByRole("textbox");
  expect(await imageFields.count()).toBe(1);
  expect(await form.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
  await form.getByRole("button", { name: "Create Product" }).click();
  await alert(page, "Please fill in the required fields: Name, Category, Short Description, Shop Link.");
  expect(await form.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");

  await form.getByLabel("Name").fill("Ihlamur Tozu");
  await form.getByLabel("Category").selectOption({ label: "Bitki Tozları" });
  await form.getByLabel("Short Description").fill("Taş değirmende öğütülmüş ıhlamur.");
  await form.getByRole("textbox", { name: "Description", exact: true }).click();
  await paste(page, { "text/html": copiedPage, "text/plain": "Ihlamur çayı" });
  const editor = form.getByRole("textbox", { name: "Description", exact: true });
  await editor.getByRole("heading", { name: "Ihlamur çayı" }).waitFor();
  await page.keyboard.press("Control+End");
  await paste(page, { "text/plain": "<b>Not bold</b>\nSecond line" });
  await editor.getByText("<b>Not bold</b>").waitFor();
  expect(await editor.locator("script, style, link, img, [onclick], [onmouseover]").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pasted?: string }).__pasted)).toBeUndefined();
  // The toolbar: a word made bold.
  await page.keyboard.type(" Organic");
  await page.keyboard.press("Shift+Control+ArrowLeft");
  await form.getByRole("button", { name: "Bold" }).click();
  expect(await form.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true");

  await form.getByRole("button", { name: "Add Image" }).click();
  await form.getByRole("button", { name: "Add Image" }).click();
  expect(await imageFields.count()).toBe(3);
  expect(await form.getByRole("button", { name: /^Remove/ }).count()).toBe(3);
  await imageFields.nth(0).fill("/images/products/ihlamur-cayi.svg");
  await imageFields.nth(1).fill("  "); // blank entries are dropped on save
  await imageFields.nth(2).fill("/images/products/ihlamur-cayi-2.svg");
  await form.getByRole("button", { name: "Remove image 2" }).click();
  expect(await imageFields.count()).toBe(2);
  await form.getByRole("button", { name: "Add Image" }).click(); // left blank
  await form.getByLabel("Shop Link").fill("https://shop.example.com/ihlamur-tozu");
  await snap(page, "admin-product-form-desktop");
  await expectAccessible(page);
  await form.getByRole("button", { name: "Create Product" }).click();
  await status(page, "Product created successfully!");

  let product = (await getJson<Product[]>(running.server, "/api/products")).find(
    (p) => p.name === "Ihlamur Tozu",
  ) as Product;
  expect(product).toMatchObject({
    category_id: categoryId,
    images: ["/images/products/ihlamur-cayi.svg", "/images/products/ihlamur-cayi-2.svg"],
    etsy_link: "https://shop.example.com/ihlamur-tozu",
  });
  const stored = product.long_description;
  expect(stored).not.toMatch(/<script|<style|<link|<img|onclick|onerror|onmouseover|javascript:|__pasted = "/);
  expect(stored).toContain("<h2>Ihlamur çayı</h2>");
  expect(stored).toContain("<strong>evening</strong>");
  expect(stored).toContain("<li><p>Steep 5 minutes</p></li>");
  expect(stored).toContain('href="https://example.com/ihlamur"');
  expect(stored).toContain("&lt;b&gt;Not bold&lt;/b&gt;<br>Second line");
  expect(stored).toMatch(/<strong>Organic<\/strong>/);
  const productCard = page.getByRole("article").filter({ hasText: "Ihlamur Tozu" });
  await productCard.getByText("Bitki Tozları").waitFor();
  await productCard.getByText("Taş değirmende öğütülmüş ıhlamur.").waitFor();
  await snap(page, "admin-products-desktop");
  await expectAccessible(page);

  // Edit: the product as the server has it now ("Loading product...." meanwhile).
  const release = await holdRequests(page, new RegExp(`/api/products/${product.id}$`));
  await productCard.getByRole("button", { name: "Edit Ihlamur Tozu" }).click();
  await status(page, "Loading product....");
  await release();
  const editForm = page.getByRole("form", { name: "Edit “Ihlamur Tozu”" });
  expect(await editForm.getByLabel("Name").inputValue()).toBe("Ihlamur Tozu");
  expect(await editForm.getByLabel("Category").inputValue()).toBe(String(categoryId));
  expect(await editForm.getByRole("group", { name: "Images" }).getByRole("textbox").count()).toBe(2);
  await editForm
    .getByRole("textbox", { name: "Description", exact: true })
    .getByRole("heading", { name: "Ihlamur çayı" })
    .waitFor();

  // Someone else saves first: the server's version is shown, and the admin takes it up.
  await page.evaluate(
    async ({ id, body }) => {
      await fetch(`/api/admin/products/${id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    },
    {
      id: product.id,
      body: {
        name: "Ihlamur Tozu (changed elsewhere)",
        short_description: product.short_description,
        long_description: product.long_description,
        category_id: categoryId,
        images: product.images,
        etsy_link: product.etsy_link,
      },
    },
  );
  await editForm.getByLabel("Name").fill("Ihlamur Tozu Extra");
  await editForm.getByRole("button", { name: "Update Product" }).click();
  await alert(page, "Someone changed this in the meantime. Here is the current version.");
  await page.getByRole("alert").getByText("Ihlamur Tozu (changed elsewhere)").waitFor();
  await page.getByRole("button", { name: "Load the current version" }).click();
  const current = page.getByRole("form", { name: "Edit “Ihlamur Tozu (changed elsewhere)”" });
  expect(await current.getByLabel("Name").inputValue()).toBe("Ihlamur Tozu (changed elsewhere)");
  await current.getByLabel("Name").fill("Ihlamur Tozu Extra");
  await current.getByRole("button", { name: "Update Product" }).click();
  await status(page, "Product updated successfully!");
  product = (await getJson<Product[]>(running.server, "/api/products")).find((p) => p.id === product.id) as Product;
  expect(product.name).toBe("Ihlamur Tozu Extra");
  expect(product.images).toHaveLength(2);

  // ── Product Ordering: by keyboard, by pointer, then Save Order ──
  await tab(page, "Product Ordering").click();
  expect(await page.getByLabel("Category").inputValue()).toBe("");
  expect(await page.getByLabel("Category").locator("option").first().textContent()).toBe("All Categories");
  const before = await orderedNames(page);
  expect(before).toHaveLength(products.length + 1);
  const positions = await page.getByTestId("position").allTextContents();
  expect(positions).toEqual(before.map((_, i) => String(i + 1)));
  // Keyboard: the third product picked up with Space, two places up, dropped with Space.
  const third = before[2] as string;
  await page.getByRole("button", { name: `Drag ${third}, position 3 of ${before.length}` }).focus();
  // Each step waits for what a screen reader hears: as a person would, not faster than the list moves.
  const count = before.length;
  await page.keyboard.press("Space");
  await announced(page, `Picked up ${third}, position 3 of ${count}.`);
  await page.keyboard.press("ArrowUp");
  await announced(page, `${third} is over position 2 of ${count}.`);
  await page.keyboard.press("ArrowUp");
  await announced(page, `${third} is over position 1 of ${count}.`);
  await page.keyboard.press("Space");
  await announced(page, `${third} dropped at position 1 of ${count}.`);
  await expect.poll(() => orderedNames(page)).toEqual([third, before[0], before[1], ...before.slice(3)]);
  // Pointer: the (now) second product dragged below the fourth.
  const afterKeys = await orderedNames(page);
  const handle = (name: string) => page.getByRole("button", { name: new RegExp(`^Drag ${literal(name)},`) });
  // Mid-screen, as a person would drag it: near an edge dnd-kit scrolls the page along.
  await handle(afterKeys[2] as string).evaluate((element) => element.scrollIntoView({ block: "center" }));
  const from = await handle(afterKeys[1] as string).boundingBox();
  const to = await handle(afterKeys[3] as string).boundingBox();
  if (!from || !to) throw new Error("no handle on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 8, { steps: 12 });
  await page.mouse.up();
  const expected = [afterKeys[0], afterKeys[2], afterKeys[3], afterKeys[1], ...afterKeys.slice(4)] as string[];
  await expect.poll(() => orderedNames(page)).toEqual(expected);
  // For 50 ms after a pointer drag ends dnd-kit swallows every click (so the release does not
  // click what lies under it); no hand taps that fast, but a test can. A timer set in the page
  // now runs after dnd-kit's, whatever the machine's load.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 60)));
  // A single tap does the same for whoever cannot drag.
  await page.getByRole("button", { name: `Move ${expected[4]} up` }).click();
  const final = [...expected.slice(0, 3), expected[4], expected[3], ...expected.slice(5)] as string[];
  // Polled as the steps above: read at once, the list was once still the one before the tap.
  await expect.poll(() => orderedNames(page)).toEqual(final);
  await screenshot(page, "admin-ordering-desktop", { fullPage: false });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save Order" }).click();
  await status(page, "Product order saved.");
  const saved = await getJson<Product[]>(running.server, "/api/products");
  expect(saved.map((p) => p.name)).toEqual(final);
  expect(saved.map((p) => p.sort_order)).toEqual(final.map((_, i) => i + 1));

  // The shop shows that order.
  const shop = await page.context().newPage();
  failOnPageErrors(shop);
  await openApp(shop, "/products");
  // Its first page of cards (the rest render as the shopper scrolls), and the whole count.
  await expect
    .poll(() => shop.getByRole("main").getByRole("heading", { level: 2 }).allTextContents())
    .toEqual(final.slice(0, productsPageSize));
  await shop
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: `${final.length} products` })
    .waitFor();
  await shop.close();

  // Within one category: sort_order from 1 there, the others untouched.
  const seeded = seededCategories[0] as Category;
  await page.getByLabel("Category").selectOption({ label: seeded.name });
  const inCategory = await orderedNames(page);
  const ofCategory = saved.filter((p) => p.category_id === seeded.id);
  expect(inCategory).toEqual(ofCategory.map((p) => p.name));
  expect(inCategory.length).toBeGreaterThan(1);
  await page.getByRole("button", { name: `Move ${inCategory[0]} down` }).click();
  await page.getByRole("button", { name: "Save Order" }).click();
  await status(page, "Product order saved.");
  const withinCategory = await getJson<Product[]>(running.server, `/api/products?category_id=${seeded.id}`);
  expect(withinCategory.map((p) => p.name)).toEqual([inCategory[1], inCategory[0], ...inCategory.slice(2)]);
  expect(withinCategory.map((p) => p.sort_order)).toEqual(inCategory.map((_, i) => i + 1));
  const others = (await getJson<Product[]>(running.server, "/api/products")).filter((p) => p.category_id !== seeded.id);
  expect(others.map((p) => p.sort_order)).toEqual(
    saved.filter((p) => p.category_id !== seeded.id).map((p) => p.sort_order),
  );

  // ── Settings: the CSV export, Clear Cache ──
  await tab(page, "Settings").click();
  await page
    .getByText("E-mail settings (sender, templates, delivery) are managed by the authentication provider.")
    .waitFor();
  for (const badge of ["connected", "active", "configured"]) await page.getByText(badge, { exact: true }).waitFor();
  await page.getByText("dev-mailbox").waitFor();
  await page.getByText("embedded file").waitFor();
  await snap(page, "admin-settings-desktop");
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export User Data" }).click();
  const file = await download;
  await status(page, "User data exported.");
  expect(file.suggestedFilename()).toMatch(/^users_export_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.csv$/);
  const bytes = await downloadedBytes(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString("utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "id,first_name,last_name,email,created_at,is_verified,survey_answered,survey_total,temperament_dominant,temperament_secondary",
  );
  expect(lines).toHaveLength(users.length + 1);
  const row = users.find((u) => u.email === member.email) as AdminUser;
  expect(lines).toContain(
    `${row.id},"'=HYPERLINK(""http://evil.example"")","Kaya, ""Su""",${member.email},${row.created_at},true,20,20,${temperament.dominant},${temperament.secondary}`,
  );

  await page.evaluate(async () => {
    sessionStorage.setItem("leftover", "1");
    await (await caches.open("admin-e2e")).put("/leftover", new Response("x"));
  });
  const reloads = page.waitForRequest(/\/api\/admin\/users$/);
  await page.getByRole("button", { name: "Clear Cache" }).click();
  await reloads;
  await status(page, "Cache cleared and data reloaded.");
  expect(await page.evaluate(async () => [sessionStorage.length, (await caches.keys()).length])).toEqual([0, 0]);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy(); // still signed in

  // ── Deleting: a category with products is refused; the product, then the category ──
  await tab(page, "Category Management").click();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Are you sure you want to delete this category? This action cannot be undone.");
    void dialog.accept();
  });
  await categoryCard.getByRole("button", { name: "Delete Bitki Tozları" }).click();
  await alert(page, "Failed to delete category.");
  expect(await page.getByRole("alert").textContent()).toMatch(/^Failed to delete category\. .*product/);

  await tab(page, "Product Management").click();
  const extraCard = page.getByRole("article").filter({ hasText: "Ihlamur Tozu Extra" });
  page.once("dialog", (dialog) => void dialog.dismiss()); // changed their mind
  await extraCard.getByRole("button", { name: "Delete Ihlamur Tozu Extra" }).click();
  expect((await getJson<Product[]>(running.server, "/api/products")).some((p) => p.id === product.id)).toBe(true);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Are you sure you want to delete this product?");
    void dialog.accept();
  });
  await extraCard.getByRole("button", { name: "Delete Ihlamur Tozu Extra" }).click();
  await status(page, "Product deleted successfully!");
  await extraCard.waitFor({ state: "detached" });
  expect((await getJson<Product[]>(running.server, "/api/products")).some((p) => p.id === product.id)).toBe(false);
  expect(await counter(page, "Total Products").textContent()).toBe(String(products.length));

  await tab(page, "Category Management").click();
  page.once("dialog", (dialog) => void dialog.accept());
  await categoryCard.getByRole("button", { name: "Delete Bitki Tozları" }).click();
  await status(page, "Category deleted successfully!");
  await page.locator(`header a[href="/products?category=${categoryId}"]`).first().waitFor({ state: "detached" });
  expect((await getJson<Category[]>(running.server, "/api/categories")).some((c) => c.id === categoryId)).toBe(false);
});

test("phone: a failed load is named with Retry; every tab fits and passes axe", async () => {
  const page = await openPage("phone", [
    failedRequest(503, /\/api\/(products|categories|admin\/users|admin\/settings|survey\/questions)\b/),
  ]);
  await openApp(page, "/admin");
  await page.getByRole("heading", { level: 1, name: "Admin Sign In" }).waitFor();
  await snap(page, "admin-login-phone");
  await expectAccessible(page);

  // One of the five loads fails (docs/product.md §4, §8).
  const unavailable = { status: 503, json: { detail: "Service unavailable.", code: "unavailable" } };
  await page.route(/\/api\/products(\?.*)?$/, (route) => route.fulfill(unavailable));
  const loading = await holdRequests(page, /\/api\/admin\/users$/);
  await page.getByLabel("Admin Email").fill(running.server.adminEmail);
  await page.getByLabel("Admin Password").fill(running.server.adminPassword);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await status(page, "Loading admin panel...");
  await loading();
  await alert(page, "Some data failed to load: Products");
  expect(await counter(page, "Total Products").textContent()).toBe("—");
  expect(await counter(page, "Survey Questions").textContent()).toBe("20");
  await snap(page, "admin-partial-failure-phone");
  await expectAccessible(page);
  await page.unroute(/\/api\/products(\?.*)?$/);
  await page.getByRole("button", { name: "Retry" }).click();
  await page.getByRole("alert").filter({ hasText: "Some data failed to load" }).waitFor({ state: "detached" });
  const products = await getJson<Product[]>(running.server, "/api/products");
  expect(await counter(page, "Total Products").textContent()).toBe(String(products.length));

  // Every tab on a phone.
  const tabs: [string, string][] = [
    ["Users & Survey Responses", "users"],
    ["Product Management", "products"],
    ["Category Management", "categories"],
    ["Product Ordering", "ordering"],
    ["Settings", "settings"],
  ];
  for (const [name, file] of tabs) {
    await tab(page, name).click();
    await page.getByRole("tabpanel").getByRole("heading", { level: 2, name }).waitFor();
    // The product lists run long on a phone: the top of the tab is what there is to see.
    const long = file === "products" || file === "ordering";
    if (long) await tab(page, name).evaluate((element) => element.scrollIntoView({ block: "start" }));
    await screenshot(page, `admin-${file}-phone`, { fullPage: !long });
    await expectAccessible(page);
  }
  await tab(page, "Product Management").click();
  await page.getByRole("button", { name: "Add Product" }).click();
  await page.getByRole("textbox", { name: "Description", exact: true }).waitFor();
  // docs/product.md §9: the editor area is 10rem to 24rem tall.
  const [minHeight, maxHeight] = await page
    .getByRole("textbox", { name: "Description", exact: true })
    .evaluate((editor) => [getComputedStyle(editor).minHeight, getComputedStyle(editor).maxHeight]);
  expect([minHeight, maxHeight]).toEqual(["160px", "384px"]);
  await page.getByRole("form", { name: "Add Product" }).evaluate((element) => element.scrollIntoView());
  await screenshot(page, "admin-product-form-phone", { fullPage: false });
  await page.getByRole("group", { name: "Images" }).evaluate((element) => element.scrollIntoView());
  await screenshot(page, "admin-product-form-phone-images", { fullPage: false });
  await expectAccessible(page);

  // All five fail: what this device loaded last is shown, with its age and Retry (issue 28).
  await page.route(/\/api\/(products|categories|admin\/users|admin\/settings|survey\/questions)(\?.*)?$/, (route) =>
    route.fulfill(unavailable),
  );
  await page.reload();
  await waitForApp(page);
  await status(
    page,
    "Could not load the latest data. Showing Users, Products, Categories, Survey Questions, Admin Settings as last loaded on this device, less than a minute ago.",
  );
  expect(await counter(page, "Total Products").textContent()).toBe(String(products.length));
  // With nothing on the device: the general message.
  await page.evaluate(
    () =>
      new Promise((done) => {
        indexedDB.deleteDatabase("dogal-yasam-admin").onsuccess = done;
      }),
  );
  await page.reload();
  await waitForApp(page);
  await alert(page, "Failed to load admin data.");
  await page.getByRole("button", { name: "Retry" }).waitFor();
  expect(await page.getByRole("alert").filter({ hasText: "Some data failed" }).count()).toBe(0);
});

test("a member opening /admin sees Access Denied, and can switch to the admin login", async () => {
  const visitor = newMember("Deniz Er", "deniz.member@example.com", "papatya-çayı-9");
  await signUpMember(running.server, visitor);
  const page = await openPage("phone");
  await signInThroughForm(page, visitor);
  // A stale admin flag from an earlier session must go too.
  await page.evaluate(() => localStorage.setItem("isAdminAuth", "1"));

  // docs/product.md §4: a member's stored session is confirmed with the profile first ("Loading..." meanwhile).
  const confirming = await holdRequests(page, /\/api\/user\/profile$/);
  await openApp(page, "/admin");
  await status(page, "Loading...");
  expect(await page.getByRole("heading", { name: "Access Denied" }).count()).toBe(0);
  await confirming();
  await page.getByRole("heading", { level: 1, name: "Access Denied" }).waitFor();
  expect(await page.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
  expect(await page.getByRole("tab").count()).toBe(0);
  await snap(page, "admin-access-denied-phone");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Sign in as Admin" }).click();
  await page.getByRole("heading", { level: 1, name: "Admin Sign In" }).waitFor();
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("isAdminAuth")])).toEqual([
    null,
    null,
  ]);
  await adminSignIn(page);
});

test("a shop with more members than a page: the Users tab shows them 50 at a time", async () => {
  const { client, db } = openNodeDatabase(
    { DATABASE_URL: running.server.databaseUrl, DATABASE_AUTH_TOKEN: undefined },
    root,
  );
  try {
    await addMembers(db, { total: 70, passwordHash: "unused", domain: "paging.example" });
  } finally {
    client.close();
  }
  const page = await openPage("desktop");
  await openApp(page, "/admin");
  await adminSignIn(page);
  const total = Number(await counter(page, "Total Users").textContent());
  expect(total).toBeGreaterThan(70);
  expect(total).toBeLessThanOrEqual(100); // two pages
  const cards = page.getByRole("tabpanel").getByRole("article");
  await cards.first().waitFor();
  expect(await cards.count()).toBe(50);
  await page.getByText(`Showing 50 of ${total} users`).waitFor();
  await page.getByRole("button", { name: `Show ${total - 50} more` }).click();
  await cards.nth(total - 1).waitFor();
  expect(await cards.count()).toBe(total);
  expect(await page.getByRole("button", { name: /^Show \d+ more$/ }).count()).toBe(0);
  await expectAccessible(page);
});

/** A product name as a literal in a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
