import { expect, it } from "vitest";
import type { Category, Product } from "../../worker/contract/catalogue.ts";
import { creationOrder, turkishOrder } from "../support/turkish-name-order.ts";
import { setUpWorkerShop, testAdmin } from "./harness.ts";

// Issue 40's English texts of products (ADR 0087) in the production runtime: the built Worker
// under workerd renders an English product page with the admin's English texts (title, meta,
// og tags, JSON-LD and the markup), a product without them with its Turkish name marked
// lang="tr", and the /tr page with the Turkish texts.

const shop = setUpWorkerShop({ clientAddress: "198.51.100.87" });
const { request } = shop;

async function adminToken(): Promise<string> {
  const login = await request("POST", "/api/admin/login", { body: testAdmin });
  expect(login.status).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** The page's parts a test reads: the server-rendered markup, the head and its JSON-LD. */
async function page(path: string) {
  const res = await request("GET", path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const root = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? "";
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    ([, json]) => JSON.parse(json ?? "[]") as Record<string, unknown>[],
  );
  const meta = (property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(head)?.[1] ?? null;
  return { head, root, jsonLd, meta, title: /<title>([^<]*)<\/title>/.exec(head)?.[1] };
}

it("renders an English product page with its English texts, and the /tr page with the Turkish", async () => {
  const token = await adminToken();
  const categoryRes = await request("POST", "/api/admin/categories", {
    token,
    body: { name: "Şifalı Yağlar", name_en: "Healing Oils" },
  });
  expect(categoryRes.status).toBe(201);
  const category = (await categoryRes.json()) as Category;
  const res = await request("POST", "/api/admin/products", {
    token,
    body: {
      name: "Çörek Otu Yağı",
      short_description: "Soğuk sıkım, katkısız.",
      long_description: "<p>Sabahları bir kaşık.</p>",
      name_en: "Black Seed Oil",
      short_description_en: "Cold-pressed, nothing added.",
      long_description_en: "<p>A spoonful in the morning.</p>",
      category_id: category.id,
      etsy_link: "https://www.etsy.com/listing/87/corek-otu",
    },
  });
  expect(res.status).toBe(201);
  const product = (await res.json()) as Product;

  const english = await page(`/products/${product.id}`);
  expect(english.title).toBe("Black Seed Oil — Doğal Yaşam");
  expect(english.meta("description")).toBe("Cold-pressed, nothing added.");
  expect(english.meta("og:title")).toBe("Black Seed Oil — Doğal Yaşam");
  const item = english.jsonLd.find((entry) => entry["@type"] === "Product");
  expect(item).toMatchObject({
    name: "Black Seed Oil",
    description: "A spoonful in the morning.",
    category: "Healing Oils",
  });
  expect(english.jsonLd.find((entry) => entry["@type"] === "ItemPage")).toMatchObject({
    name: "Black Seed Oil",
    inLanguage: "en",
  });
  expect(english.root).toMatch(/<h1 class="[^"]*">Black Seed Oil<\/h1>/);
  expect(english.root).toContain("A spoonful in the morning.");
  expect(english.root).toContain(">Healing Oils</a>");
  expect(english.root).not.toContain("Çörek Otu Yağı");

  const turkish = await page(`/tr/products/${product.id}`);
  expect(turkish.title).toBe("Çörek Otu Yağı — Doğal Yaşam");
  expect(turkish.meta("description")).toBe("Soğuk sıkım, katkısız.");
  expect(turkish.jsonLd.find((entry) => entry["@type"] === "Product")).toMatchObject({
    name: "Çörek Otu Yağı",
    category: "Şifalı Yağlar",
  });
  expect(turkish.root).toMatch(/<h1 class="[^"]*">Çörek Otu Yağı<\/h1>/);
  expect(turkish.root).toContain("Sabahları bir kaşık.");
  expect(turkish.root).not.toContain("Black Seed Oil");
});

it('renders a product without English texts with its Turkish name, marked lang="tr", on the English page', async () => {
  const token = await adminToken();
  const [category] = (await (await request("GET", "/api/categories")).json()) as Category[];
  const res = await request("POST", "/api/admin/products", {
    token,
    body: {
      name: "Ihlamur Çiçeği",
      short_description: "Kış akşamları için.",
      category_id: category?.id,
      etsy_link: "https://www.etsy.com/listing/88/ihlamur",
    },
  });
  expect(res.status).toBe(201);
  const product = (await res.json()) as Product;

  const english = await page(`/products/${product.id}`);
  expect(english.title).toBe("Ihlamur Çiçeği — Doğal Yaşam");
  expect(english.root).toMatch(/<h1 lang="tr" class="[^"]*">Ihlamur Çiçeği<\/h1>/);
  expect(english.root).toMatch(/<p lang="tr" class="[^"]*">Kış akşamları için.<\/p>/);

  // The list's card too: the Turkish name marked, on the English page only.
  const list = await page("/products");
  expect(list.root).toMatch(/<h2 lang="tr" class="[^"]*"><a [^>]*>Ihlamur Çiçeği<\/a><\/h2>/);
  const turkish = await page(`/tr/products/${product.id}`);
  expect(turkish.root).toMatch(/<h1 class="[^"]*">Ihlamur Çiçeği<\/h1>/);
});

it("lists products of one sort_order by their names as Turkish sorts them, under workerd too (ADR 0098)", async () => {
  const token = await adminToken();
  const categoryRes = await request("POST", "/api/admin/categories", { token, body: { name: "Sıralama" } });
  expect(categoryRes.status).toBe(201);
  const category = (await categoryRes.json()) as Category;
  for (const name of creationOrder) {
    const res = await request("POST", "/api/admin/products", {
      token,
      body: { name, short_description: "Kısa.", category_id: category.id, etsy_link: "https://www.etsy.com/listing/9" },
    });
    expect(res.status).toBe(201);
  }
  const list = await request("GET", `/api/products?category_id=${category.id}`);
  expect(((await list.json()) as Product[]).map((p) => p.name)).toEqual(turkishOrder);
  // The server-rendered Turkish page lists them the same way.
  const html = await (await request("GET", `/tr/products?category=${category.id}`)).text();
  const shown = turkishOrder.map((name) => html.indexOf(`>${name}<`));
  expect(shown.every((at) => at > 0)).toBe(true);
  expect([...shown].sort((a, b) => a - b)).toEqual(shown);
});
