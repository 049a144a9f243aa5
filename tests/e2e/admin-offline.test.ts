import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, onTestFinished, test } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { openNodeDatabase } from "../../worker/db/node-database.ts";
import { projectRoot as root } from "../../worker/entries/node-env.ts";
import { adminOnlyFiles, keptAdminCode } from "../support/admin-code.ts";
import {
  desktopContext,
  expectAccessible,
  failOnPageErrors,
  openApp,
  phoneContext,
  reloadOfflineWithoutHttpCache,
  screenshot,
  waitForApp,
} from "../support/browser.ts";
import { getJson, startTestServer } from "../support/server.ts";
import { setUpDevelopmentShop } from "../support/shop-in-browser.ts";

// The administrator runs the shop from the installed app with no network (issue 28): every change
// is kept on the device, shown at once (the shopper pages of the same device too), survives a
// reload, and reaches the server exactly once when the network is back.

const { shop: running, openPage } = setUpDevelopmentShop();

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const orderedNames = (page: Page) =>
  page
    .getByRole("list", { name: "Product order" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.querySelector("p")?.textContent ?? ""));
/** Every tab of the dashboard shows its screen, and the product editor (Tiptap) opens. */
async function openEveryScreen(page: Page) {
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  for (const name of [
    "Users & Survey Responses",
    "Product Management",
    "Category Management",
    "Product Ordering",
    "Insights",
    "Settings",
  ]) {
    await tab(page, name).click();
    await page.getByRole("tabpanel").getByRole("heading", { level: 2, name }).waitFor();
  }
  await tab(page, "Product Management").click();
  await page.getByRole("button", { name: "Add Product" }).click();
  const form = page.getByRole("form", { name: "Add Product" });
  await form.getByRole("textbox", { name: "Description", exact: true }).waitFor();
  await form.getByRole("button", { name: "Bold" }).waitFor();
  await form.getByRole("button", { name: "Cancel" }).click();
}

/**
 * The administrator's first visit, to /admin itself, online: signed in, and every file of the
 * admin's code kept on the device (`adminCode`, by default the build's) by the service worker.
 */
async function signInOnline(page: Page, credentials = running.server, adminCode = adminOnlyFiles()) {
  await openApp(page, "/admin");
  await page.getByLabel("Admin Email").fill(credentials.adminEmail);
  await page.getByLabel("Admin Password").fill(credentials.adminPassword);
  await page.getByRole("button", { name: "Sign In to Admin Panel" }).click();
  await status(page, "All changes saved");
  await expect.poll(async () => (await keptAdminCode(page)).sort(), { timeout: 15_000 }).toEqual(adminCode.sort());
}

test("phone, offline: the admin's changes are kept on the device, shown at once, and sent once when back online", async () => {
  // Offline, the page's requests to the API fail as they should; the screens say so.
  const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);
  const context = page.context();
  page.on("dialog", (dialog) => void dialog.accept());
  const seeded = await getJson<Product[]>(running.server, "/api/products");
  const categories = await getJson<Category[]>(running.server, "/api/categories");

  // ── Online: sign in, open every tab, so the device keeps the admin's code and data ──
  await signInOnline(page);
  for (const name of ["Product Management", "Category Management", "Product Ordering", "Settings"]) {
    await tab(page, name).click();
    await page.getByRole("tabpanel").getByRole("heading", { level: 2, name }).waitFor();
  }

  // ── Offline: /admin opens from the device ──
  await reloadOfflineWithoutHttpCache(page);
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  await status(page, "Could not load the latest data.");
  await status(page, "All changes saved");

  // A category, and a product in it with two pictures and a rich description.
  await tab(page, "Category Management").click();
  await page.getByRole("button", { name: "Add Category" }).click();
  await page.getByLabel("Name").fill("Çevrimdışı Kategori");
  await page.getByRole("button", { name: "Create Category" }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");
  await status(page, "1 change waiting to sync");

  await tab(page, "Product Management").click();
  await page.getByRole("button", { name: "Add Product" }).click();
  const form = page.getByRole("form", { name: "Add Product" });
  await form.getByLabel("Name").fill("Çevrimdışı Kekik Yağı");
  await form.getByLabel("Category").selectOption({ label: "Çevrimdışı Kategori" });
  await form.getByLabel("Short Description").fill("Yolda yazıldı.");
  await form.getByRole("textbox", { name: "Description", exact: true }).click();
  await page.keyboard.type("Soğuk sıkım");
  await page.keyboard.press("Shift+Control+ArrowLeft");
  await form.getByRole("button", { name: "Bold" }).click();
  await form.getByRole("button", { name: "Add Image" }).click();
  const images = form.getByRole("group", { name: "Images" }).getByRole("textbox");
  const pictures = seeded.slice(2, 4).map((product) => product.images[0] as string);
  await images.nth(0).fill(pictures[0] as string);
  await images.nth(1).fill(pictures[1] as string);
  await form.getByLabel("Shop Link").fill("https://shop.example.com/kekik");
  await form.getByRole("button", { name: "Create Product" }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");

  // Another product edited, a third deleted.
  const [edited, deleted] = seeded as [Product, Product];
  const editCard = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: edited.name, exact: true }) });
  await editCard.getByRole("button", { name: `Edit ${edited.name}` }).click();
  const editForm = page.getByRole("form", { name: `Edit “${edited.name}”` });
  await editForm.getByLabel("Name").fill(`${edited.name} (yeni)`);
  await editForm.getByRole("button", { name: "Update Product" }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");
  await page.getByRole("button", { name: `Delete ${deleted.name}` }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");
  expect(await page.getByRole("heading", { name: deleted.name, exact: true }).count()).toBe(0);

  // A category's order: its last product moved to the top.
  const ordered = categories.find(
    (category) => seeded.filter((p) => p.category_id === category.id).length > 2,
  ) as Category;
  await tab(page, "Product Ordering").click();
  await page.getByLabel("Category").selectOption({ label: ordered.name });
  const before = await orderedNames(page);
  const last = before.at(-1) as string;
  for (let i = 1; i < before.length; i++) await page.getByRole("button", { name: `Move ${last} up` }).click();
  const reordered = [last, ...before.slice(0, -1)];
  await expect.poll(() => orderedNames(page)).toEqual(reordered);
  await page.getByRole("button", { name: "Save Order" }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");
  await status(page, "5 changes waiting to sync");

  // ── Still offline, reloaded: the changes and the queue are still there ──
  await reloadOfflineWithoutHttpCache(page);
  await status(page, "5 changes waiting to sync");
  await page.getByRole("button", { name: "5 changes waiting to sync" }).click();
  const pending = page.getByRole("list", { name: "Changes not yet on the server" });
  expect(await pending.getByRole("listitem").allTextContents()).toEqual([
    expect.stringContaining("Add category “Çevrimdışı Kategori”"),
    expect.stringContaining("Add product “Çevrimdışı Kekik Yağı”"),
    expect.stringContaining(`Edit product “${edited.name} (yeni)”`),
    expect.stringContaining(`Delete product “${deleted.name}”`),
    expect.stringContaining(`Product order in “${ordered.name}”`),
  ]);
  await screenshot(page, "admin-offline-pending-phone", { fullPage: false });
  await expectAccessible(page);

  // The shopper's pages on this device show the admin's shop as they left it.
  const shopper = await context.newPage();
  await shopper.goto("/products");
  await waitForApp(shopper);
  await shopper.getByRole("main").getByRole("heading", { name: "Çevrimdışı Kekik Yağı" }).waitFor();
  await shopper
    .getByRole("main")
    .getByRole("heading", { name: `${edited.name} (yeni)` })
    .waitFor();
  expect(await shopper.getByRole("main").getByRole("heading", { name: deleted.name, exact: true }).count()).toBe(0);
  await shopper.close();

  // ── Back online: everything goes, once ──
  await context.setOffline(false);
  await status(page, "All changes saved");
  const after = await getJson<Product[]>(running.server, "/api/products");
  const afterCategories = await getJson<Category[]>(running.server, "/api/categories");
  const created = afterCategories.filter((category) => category.name === "Çevrimdışı Kategori");
  expect(created).toHaveLength(1);
  const kekik = after.filter((product) => product.name === "Çevrimdışı Kekik Yağı");
  expect(kekik).toHaveLength(1);
  expect(kekik[0]).toMatchObject({
    category_id: created[0]?.id,
    images: pictures,
    etsy_link: "https://shop.example.com/kekik",
  });
  expect(kekik[0]?.long_description).toContain("<strong>sıkım</strong>");
  expect(after.find((product) => product.id === edited.id)?.name).toBe(`${edited.name} (yeni)`);
  expect(after.some((product) => product.id === deleted.id)).toBe(false);
  const inCategory = after.filter((product) => product.category_id === ordered.id).map((product) => product.name);
  expect(inCategory).toEqual(reordered.map((name) => (name === edited.name ? `${edited.name} (yeni)` : name)));
  expect(after).toHaveLength(seeded.length);
});

test("phone, a new device whose first visit is /admin: once signed in, every admin screen opens offline from the service worker alone", async () => {
  // Offline, the page's requests to the API fail as they should; the screens say so.
  const page = await openPage("phone", [/ERR_INTERNET_DISCONNECTED/]);
  const adminCode = adminOnlyFiles();
  expect(adminCode.some((file) => file.includes("rich-text-editor"))).toBe(true);

  // The first visit is /admin itself: its chunks load before any service worker controls the page.
  // Signed in as the administrator, every file of the admin's code is in the service worker's
  // keeping, whatever the page fetched before the worker ran.
  await signInOnline(page, running.server, adminCode);
  await openEveryScreen(page);

  for (let round = 0; round < 2; round++) {
    await reloadOfflineWithoutHttpCache(page);
    await status(page, "Could not load the latest data.");
    await openEveryScreen(page);
  }
  // A first visit to /admin offline, in another tab of the device (HTTP cache still empty).
  const other = await page.context().newPage();
  failOnPageErrors(other, [/ERR_INTERNET_DISCONNECTED/]);
  await openApp(other, "/admin");
  await openEveryScreen(other);
  await other.close();
});

/** The API as another administrator's device uses it meanwhile. */
async function otherAdmin() {
  const base = running.server.url;
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: running.server.adminEmail, password: running.server.adminPassword }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

const inputOf = (product: Product, fields: Partial<Product> = {}) => {
  const { name, short_description, long_description, category_id, images, etsy_link } = { ...product, ...fields };
  return { name, short_description, long_description, category_id, images, etsy_link };
};

test("desktop: what changed on the server meanwhile is shown to the admin, resolved each way, and never lost", async () => {
  // The browser logs the server's refusals (412, 409) the outbox records for the admin.
  const page = await openPage("desktop", [/ERR_INTERNET_DISCONNECTED/, /status of 41[2]/, /status of 409/]);
  const context = page.context();
  page.on("dialog", (dialog) => void dialog.accept());
  const api = await otherAdmin();
  const empty = await api<Category>("POST", "/api/admin/categories", { name: "Boş Raf", description: "" });
  const products = await getJson<Product[]>(running.server, "/api/products");
  const categories = await getJson<Category[]>(running.server, "/api/categories");
  const byCategory = (id: number) => products.filter((product) => product.category_id === id);
  const ordered = categories.find((category) => byCategory(category.id).length > 2) as Category;
  const [mineWins, theirsWin] = products.filter((product) => product.category_id !== ordered.id) as [Product, Product];

  await signInOnline(page);

  // ── Offline: two edits, a category emptied here, an order ──
  await context.setOffline(true);
  await tab(page, "Product Management").click();
  for (const product of [mineWins, theirsWin]) {
    await page.getByRole("button", { name: `Edit ${product.name}`, exact: true }).click();
    const form = page.getByRole("form", { name: `Edit “${product.name}”` });
    await form.getByLabel("Name").fill(`${product.name} (benim)`);
    await form.getByRole("button", { name: "Update Product" }).click();
    await status(page, "Saved on this device. It will be sent when you are back online.");
  }
  await tab(page, "Category Management").click();
  await page.getByRole("button", { name: "Delete Boş Raf" }).click();
  await status(page, "Saved on this device. It will be sent when you are back online.");
  await tab(page, "Product Ordering").click();
  await page.getByLabel("Category").selectOption({ label: ordered.name });
  const before = await orderedNames(page);
  await page.getByRole("button", { name: `Move ${before.at(-1)} up` }).click();
  const mine = [...before.slice(0, -2), before.at(-1), before.at(-2)] as string[];
  await expect.poll(() => orderedNames(page)).toEqual(mine);
  await page.getByRole("button", { name: "Save Order" }).click();
  await status(page, "4 changes waiting to sync");

  // ── Meanwhile, on the server: both products edited, a product put on the empty shelf, and one
  // product of the ordered category deleted ──
  for (const product of [mineWins, theirsWin]) {
    await api("PUT", `/api/admin/products/${product.id}`, inputOf(product, { name: `${product.name} (onların)` }));
  }
  await api("POST", "/api/admin/products", inputOf(mineWins, { name: "Raftaki Ürün", category_id: empty.id }));
  const gone = byCategory(ordered.id).find((product) => product.name === before[0]) as Product;
  await api("DELETE", `/api/admin/products/${gone.id}`);

  // ── Back online: the order is rebased by itself; the rest waits for the admin ──
  await context.setOffline(false);
  await status(page, "3 changes need your attention");
  await page.getByRole("button", { name: "3 changes need your attention" }).click();
  const pending = page.getByRole("list", { name: "Changes not yet on the server" });
  const change = (text: string) => pending.getByRole("listitem").filter({ hasText: text });
  const mineRow = change(`Edit product “${mineWins.name} (benim)”`);
  await mineRow.getByRole("cell", { name: `${mineWins.name} (onların)` }).waitFor();
  await mineRow.getByRole("cell", { name: `${mineWins.name} (benim)` }).waitFor();
  const refused = change("Delete category “Boş Raf”");
  await refused.getByText("This category still has 1 product. Move or delete them first.").waitFor();
  await refused.getByRole("button", { name: "Retry" }).waitFor();
  await screenshot(page, "admin-outbox-conflicts-desktop", { fullPage: false });
  await expectAccessible(page);

  await mineRow.getByRole("button", { name: "Keep mine" }).click();
  await change(`Edit product “${theirsWin.name} (benim)”`).getByRole("button", { name: "Keep theirs" }).click();
  await refused.getByRole("button", { name: "Discard" }).click();
  await status(page, "All changes saved");

  const after = await getJson<Product[]>(running.server, "/api/products");
  const name = (id: number) => after.find((product) => product.id === id)?.name;
  expect(name(mineWins.id)).toBe(`${mineWins.name} (benim)`);
  expect(name(theirsWin.id)).toBe(`${theirsWin.name} (onların)`);
  expect((await getJson<Category[]>(running.server, "/api/categories")).some((c) => c.id === empty.id)).toBe(true);
  const order = after.filter((product) => product.category_id === ordered.id).map((product) => product.name);
  expect(order).toEqual(mine.filter((n) => n !== gone.name));
  // The device shows the server's shop: theirs where the admin kept theirs, the shelf back.
  await tab(page, "Product Management").click();
  await page.getByRole("heading", { name: `${theirsWin.name} (onların)`, exact: true }).waitFor();
  await tab(page, "Category Management").click();
  await page.getByRole("heading", { name: "Boş Raf", exact: true }).waitFor();
});

test("two tabs on /admin when the network returns: one replays for both, and every change is sent once", async () => {
  const first = await openPage("desktop", [/ERR_INTERNET_DISCONNECTED/]);
  const context = first.context();
  await signInOnline(first);
  const second = await context.newPage();
  failOnPageErrors(second, [/ERR_INTERNET_DISCONNECTED/]);
  await openApp(second, "/admin");
  await status(second, "All changes saved");
  const keysBefore = await idempotencyKeys();

  await context.setOffline(true);
  await tab(first, "Category Management").click();
  for (const name of ["İki Sekme A", "İki Sekme B", "İki Sekme C"]) {
    await first.getByRole("button", { name: "Add Category" }).click();
    await first.getByLabel("Name").fill(name);
    await first.getByRole("button", { name: "Create Category" }).click();
    await status(first, "Saved on this device. It will be sent when you are back online.");
  }
  // The other tab reads the same outbox.
  await status(second, "3 changes waiting to sync");

  await context.setOffline(false);
  await Promise.all([status(first, "All changes saved"), status(second, "All changes saved")]);
  const names = (await getJson<Category[]>(running.server, "/api/categories")).map((category) => category.name);
  for (const name of ["İki Sekme A", "İki Sekme B", "İki Sekme C"]) {
    expect(names.filter((n) => n === name)).toHaveLength(1);
  }
  // The server recorded one answer per change: no change was sent under a second key.
  expect((await idempotencyKeys()) - keysBefore).toBe(3);
});

/** How many admin writes the server has recorded answers for (their Idempotency-Keys). */
async function idempotencyKeys(): Promise<number> {
  const { client } = openNodeDatabase(
    { DATABASE_URL: running.server.databaseUrl, DATABASE_AUTH_TOKEN: undefined },
    root,
  );
  try {
    const { rows } = await client.execute("select count(*) as count from idempotency_keys");
    return Number(rows[0]?.count);
  } finally {
    client.close();
  }
}

test("phone, offline on a device that never opened /admin: the page says its code is not here, with Reload; the app's icons are kept", async () => {
  // The admin's chunk cannot be fetched offline: that failed request is what the page reports.
  const page = await openPage("phone", [
    /ERR_INTERNET_DISCONNECTED/,
    /ERR_FAILED/,
    /Failed to fetch dynamically imported module/,
  ]);
  await openApp(page, "/");
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
  await page.context().setOffline(true);
  await page.goto("/admin");
  await page.getByRole("heading", { level: 1, name: "This page could not be loaded" }).waitFor();
  await page.getByRole("button", { name: "Reload" }).waitFor();
  // In the site's layout: its header and footer are there.
  await page.getByRole("banner").waitFor();
  await page.getByRole("contentinfo").waitFor();
  await screenshot(page, "admin-offline-no-code-phone", { fullPage: false });
  await expectAccessible(page);
  // The manifest's icons and the favicon come from the device.
  const icons = await page.evaluate(async () => {
    const manifest = await (
      await fetch(document.querySelector<HTMLLinkElement>("link[rel=manifest]")?.href ?? "")
    ).json();
    const urls = [...(manifest.icons as { src: string }[]).map((icon) => icon.src), "/favicon.ico"];
    return Promise.all(urls.map(async (url) => [url, (await fetch(url)).status] as const));
  });
  expect(icons.length).toBeGreaterThan(2);
  for (const [url, status] of icons) expect(status, url).toBe(200);
});

/**
 * A deploy of its own: a copy of the build whose service worker's list of admin files (the
 * editor's chunk found in it) also names `extra`, a file of that version's admin code.
 */
function deployWithAdminFile(dir: string, built: string, extra: string) {
  const editor = /([`"'])(\/assets\/rich-text-editor-[\w-]+\.js)\1/;
  // One editor chunk per language's build (ADR 0086); the extra file goes beside the first.
  expect(built.match(new RegExp(editor, "g"))).toHaveLength(2);
  writeFileSync(
    join(dir, "sw.js"),
    built.replace(editor, (_, quote, path) => `${quote}${path}${quote},${quote}${extra}${quote}`),
  );
}

/** Looks for a new version as the app does, and says how its install ended. */
const installNextVersion = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) throw new Error("no service worker");
    const ended = new Promise<string>((resolve) => {
      registration.addEventListener(
        "updatefound",
        () => {
          const worker = registration.installing;
          worker?.addEventListener("statechange", () => {
            if (worker.state === "installed" || worker.state === "redundant") resolve(worker.state);
          });
        },
        { once: true },
      );
    });
    await registration.update();
    return ended;
  });

test("a new version keeps its own admin files before it takes over and drops the previous version's; a shopper's device downloads none", async () => {
  const deployed = mkdtempSync(join(tmpdir(), "admin-code-deploy-"));
  onTestFinished(() => rmSync(deployed, { recursive: true, force: true }));
  cpSync(join(root, "dist/web"), deployed, { recursive: true });
  const built = readFileSync(join(deployed, "sw.js"), "utf8");
  const adminCode = adminOnlyFiles(join(root, "dist/web"));
  const [first, next] = ["/assets/admin-extra-first.js", "/assets/admin-extra-next.js"];
  writeFileSync(join(deployed, first), "export const version = 1;\n");
  deployWithAdminFile(deployed, built, first);
  const server = await startTestServer({}, { webRoot: deployed });
  onTestFinished(() => server.close());

  const context = await desktopContext(running.browser, server.url);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  failOnPageErrors(page, [/ERR_INTERNET_DISCONNECTED/]);
  await signInOnline(page, server, [...adminCode, first]);
  // A shopper's phone on the same shop, through both versions.
  const shopperContext = await phoneContext(running.browser, server.url);
  onTestFinished(() => shopperContext.close());
  const shopper = await shopperContext.newPage();
  failOnPageErrors(shopper);
  await openApp(shopper, "/");
  await shopper.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");

  // The next version, whose admin file is not there yet: its install fails, the running version
  // goes on with its files as they were.
  deployWithAdminFile(deployed, built, next);
  expect(await installNextVersion(page)).toBe("redundant");
  expect((await keptAdminCode(page)).sort()).toEqual([...adminCode, first].sort());

  // Deployed whole, found as the app starts again: installed, with its admin files kept before it
  // may take over; the running version's are still there for the pages it runs. (The failed
  // install ended workbox-window's watch for updates in that page: it follows one at a time.)
  writeFileSync(join(deployed, next), "export const version = 2;\n");
  await page.reload();
  await waitForApp(page);
  const prompt = page.getByRole("status").filter({ hasText: "A new version is available" });
  await prompt.waitFor();
  expect((await keptAdminCode(page)).sort()).toEqual([...adminCode, first, next].sort());
  expect(await installNextVersion(shopper)).toBe("installed");

  // The admin's Reload: the next version takes over, and the previous version's file is gone.
  await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
  await waitForApp(page);
  await expect.poll(async () => (await keptAdminCode(page)).sort()).toEqual([...adminCode, next].sort());
  await reloadOfflineWithoutHttpCache(page);
  await openEveryScreen(page);

  // The shopper's device, on either version, never kept or fetched an admin file.
  await shopper.getByRole("status").filter({ hasText: "A new version is available" }).getByRole("button").click();
  await shopper.waitForEvent("load");
  await waitForApp(shopper);
  expect(await shopper.evaluate(() => caches.has("admin-code"))).toBe(false);
  const fetched = await shopper.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
  expect(fetched.filter((url) => url.includes("/assets/admin"))).toEqual([]);
});
