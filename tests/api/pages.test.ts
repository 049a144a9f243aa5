import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type InitialData, productsPageSize } from "../../worker/contract/initial-data.ts";
import { sharePreviewsPath } from "../../worker/contract/share-previews.ts";
import { products } from "../../worker/db/schema.ts";
import type { PageRenderer } from "../../worker/lib/page-renderer.ts";
import { createCategory, createProduct } from "../support/factories.ts";
import { builtSharePreviews as previews } from "../support/share-previews.ts";
import { createTestApp, builtShell as shell } from "../support/test-app.ts";

const requestedAssets: string[] = [];
const assets = async (request: Request) => {
  const path = new URL(request.url).pathname;
  if (path === sharePreviewsPath) return Response.json(previews);
  requestedAssets.push(path);
  return new Response(shell, { headers: { "Content-Type": "text/html" } });
};

const { app, db } = await createTestApp({ PUBLIC_URL: "https://shop.example" }, { assets });

let productId = 0;
beforeAll(async () => {
  const category = await createCategory(db, { name: "Bitki Çayları" });
  await createProduct(db, {
    name: "Adaçayı",
    sortOrder: 2,
    categoryId: category.id,
    images: ["/images/a.svg"],
  });
  const product = await createProduct(db, {
    name: `Ihlamur "Çayı" </script><b>`,
    shortDescription: "Akşam için yumuşak bir çay.",
    sortOrder: 1,
    categoryId: category.id,
    images: ["/images/products/ihlamur.svg", "/images/products/ihlamur-2.svg"],
  });
  productId = product.id;
  await createProduct(db, { name: "Kekik", sortOrder: 3, categoryId: category.id });
  await createProduct(db, { name: "Zencefil", sortOrder: 4, categoryId: category.id });
});

const initialData = (html: string): InitialData => {
  const match = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no initial data in the page");
  return JSON.parse(match[1]) as InitialData;
};

describe("catalogue pages served with their data", () => {
  it("writes only the first 3 products and the categories into the home page", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    const html = await res.text();
    const data = initialData(html);
    expect(data.featured?.map((p) => p.name)).toEqual([`Ihlamur "Çayı" </script><b>`, "Adaçayı", "Kekik"]);
    expect(data.productList).toBeUndefined();
    expect(data.categories?.map((c) => c.name)).toEqual(["Bitki Çayları"]);
    // The hero's text is the largest paint on a phone; the products are below the fold.
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
  });

  it("writes the products page's first products and their total, and preloads the first image", async () => {
    const html = await (await app.request("/products")).text();
    const list = initialData(html).productList;
    expect(list?.products.map((p) => p.name)).toEqual([`Ihlamur "Çayı" </script><b>`, "Adaçayı", "Kekik", "Zencefil"]);
    expect(list?.total).toBe(4);
    expect(list?.category_id).toBeNull();
    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/products/ihlamur.svg" fetchpriority="high" />',
    );
  });

  it("preloads a stored photo in the variant the screen will take: its srcset, at the picture's sizes", async () => {
    // A shop of its own whose first product is a photo taken on the admin's phone (issue 41).
    const shop = await createTestApp({ PUBLIC_URL: "https://shop.example" }, { assets });
    const photo = `/images/${"ab".repeat(32)}-1600.webp`;
    const variants = `/images/${"ab".repeat(32)}-480.webp 480w, /images/${"ab".repeat(32)}-960.webp 960w, ${photo} 1600w`;
    const teas = await createCategory(shop.db, { name: "Çaylar" });
    const tea = await createProduct(shop.db, { name: "Fotoğraflı", categoryId: teas.id, images: [photo] });
    expect(await (await shop.app.request("/products")).text()).toContain(
      `<link rel="preload" as="image" href="${photo}" imagesrcset="${variants}" imagesizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" fetchpriority="high" />`,
    );
    expect(await (await shop.app.request(`/products/${tea.id}`)).text()).toContain(
      `<link rel="preload" as="image" href="${photo}" imagesrcset="${variants}" imagesizes="(min-width: 1024px) 50vw, 100vw" fetchpriority="high" />`,
    );
  });

  it("embeds one page of a large catalogue, of the category the address names", async () => {
    // A shop of its own: 30 products in two categories.
    const large = await createTestApp({ PUBLIC_URL: "https://shop.example" }, { assets });
    const [teas, oils] = [
      await createCategory(large.db, { name: "Çaylar" }),
      await createCategory(large.db, { name: "Yağlar" }),
    ];
    for (let n = 1; n <= 30; n++) {
      await createProduct(large.db, {
        name: `Ürün ${n}`,
        sortOrder: n,
        categoryId: n % 3 === 0 ? oils.id : teas.id,
        longDescription: `<p>${"uzun açıklama ".repeat(200)}</p>`,
      });
    }
    const listOf = async (path: string) => initialData(await (await large.app.request(path)).text()).productList;

    const all = await listOf("/products");
    expect(all?.products.map((p) => p.name)).toEqual(
      Array.from({ length: productsPageSize }, (_, i) => `Ürün ${i + 1}`),
    );
    expect(all?.total).toBe(30);
    const page = await large.app.request("/products");
    // One page of products with long descriptions, not thirty.
    expect((await page.text()).length).toBeLessThan(productsPageSize * 4_000 + 10_000);

    const ofOils = await listOf(`/products?category=${oils.id}`);
    expect(ofOils?.category_id).toBe(oils.id);
    expect(ofOils?.total).toBe(10);
    expect(ofOils?.products.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Ürün ${(i + 1) * 3}`));
    const ofTeas = await listOf(`/products?category=${teas.id}`);
    expect([ofTeas?.products.length, ofTeas?.total]).toEqual([productsPageSize, 20]);

    // An id no category has lists every product, as the app does.
    const unknown = await listOf("/products?category=999999");
    expect([unknown?.category_id, unknown?.total]).toEqual([null, 30]);
  });

  it("never lets data close the script element", async () => {
    const html = await (await app.request("/products")).text();
    // A product is named `Ihlamur "Çayı" </script><b>`: written as is, its `</script>` would
    // end the data early (the JSON below would not parse) and `<b>` would become markup.
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the data's own end and the shell's script
    expect(html).not.toContain("<b>");
    expect(initialData(html).productList?.products.map((p) => p.name)).toContain(`Ihlamur "Çayı" </script><b>`);
  });

  it("gives a shared product link its own preview tags", async () => {
    const res = await app.request(`/products/${productId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>Ihlamur &#34;Çayı&#34; &#60;/script&#62;&#60;b&#62; — Doğal Yaşam</title>`);
    expect(html).toContain('<meta name="description" content="Akşam için yumuşak bir çay." />');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="og:description" content="Akşam için yumuşak bir çay." />');
    // The build's PNG of the product's illustration (ADR 0019), absolute on PUBLIC_URL.
    const preview = "https://shop.example/assets/previews/ihlamur-4e5f6a7b.png";
    expect(html).toContain(`<meta property="og:image" content="${preview}" />`);
    expect(html).toContain('<meta property="og:image:type" content="image/png" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain(
      `<meta property="og:image:alt" content="Ihlamur &#34;Çayı&#34; &#60;/script&#62;&#60;b&#62;" />`,
    );
    expect(html).toContain(`<meta name="twitter:image" content="${preview}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://shop.example/products/${productId}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain("Shell description");
    expect(initialData(html).product?.id).toBe(productId);
  });

  it("previews an illustration the build has no preview of with the shop's default preview", async () => {
    // "/images/a.svg" (Adaçayı's image) is not in the build's list.
    const adacayi = initialData(await (await app.request("/products")).text()).productList?.products.find(
      (p) => p.name === "Adaçayı",
    );
    const html = await (await app.request(`/products/${adacayi?.id}`)).text();
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/assets/previews/default-0a1b2c3d.png" />',
    );
    expect(html).toContain('<meta property="og:image:alt" content="Doğal Yaşam" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it.each(["/", "/products", "/products/999999"])("gives %s the shop's default preview", async (path) => {
    const html = await (await app.request(path)).text();
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/assets/previews/default-0a1b2c3d.png" />',
    );
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:image:alt" content="Doğal Yaşam" />');
  });

  it.each([
    "/products/999999",
    "/products/not-a-number",
    // Beyond Latin-1, a line break, a quote: none may reach a header as it is (a 500 before).
    "/products/%E2%82%AC",
    "/products/%F0%9F%8C%BF",
    "/products/%0D%0Aset-cookie:x",
    "/products/%22",
  ])("answers %s with the shell and a 404", async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("<title>Product not found — Doğal Yaşam</title>");
    expect(initialData(html).product).toBeNull();
    expect(res.headers.get("ETag")).toMatch(/^"[\x21\x23-\x7e]+"$/);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("serves every other path from the static assets unchanged", async () => {
    requestedAssets.length = 0;
    // (/about gets its own head: tests/api/seo.test.ts.)
    const res = await app.request("/signin");
    expect(await res.text()).toBe(shell);
    expect(requestedAssets).toEqual(["/signin"]);
  });
});

describe("a catalogue page is rendered once per catalogue version", async () => {
  const renders: string[] = [];
  const renderPage: PageRenderer = async (url) => {
    renders.push(url);
    return `<main>rendered ${url}</main>`;
  };
  const cached = await createTestApp({ PUBLIC_URL: "https://shop.example" }, { assets, renderPage });
  const teas = await createCategory(cached.db, { name: "Bitki Çayları" });
  const oils = await createCategory(cached.db, { name: "Doğal Yağlar" });
  const tea = await createProduct(cached.db, { name: "Adaçayı", categoryId: teas.id });

  it("answers repeats from the first render, with its ETag, and 304 to a browser that has it", async () => {
    renders.length = 0;
    const first = await cached.app.request("/products");
    const html = await first.text();
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"\S+"$/);
    expect(first.headers.get("Cache-Control")).toBe("no-cache");
    // A tracking tag does not change the page: the same render answers it.
    const tagged = await cached.app.request("/products?utm_source=newsletter");
    expect(await tagged.text()).toBe(html);
    expect(tagged.headers.get("ETag")).toBe(etag);
    const revalidated = await cached.app.request("/products", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(renders).toEqual(["/products"]);
  });

  it("keeps one render per category and per product, whatever the address's spelling", async () => {
    renders.length = 0;
    await cached.app.request(`/products?category=${teas.id}`);
    await cached.app.request(`/products?category=${oils.id}`);
    await cached.app.request(`/products?category=${teas.id}&utm_source=x`);
    await cached.app.request(`/products/${tea.id}`);
    await cached.app.request(`/products/${tea.id}?utm_source=x`);
    expect(renders).toEqual([`/products?category=${teas.id}`, `/products?category=${oils.id}`, `/products/${tea.id}`]);
    // An id is spelled one way only (ADR 0032): with a leading zero it names no product.
    expect((await cached.app.request(`/products/0${tea.id}`)).status).toBe(404);
  });

  it("renders again once the catalogue changes, under a new ETag", async () => {
    const before = await cached.app.request(`/products/${tea.id}`);
    const etag = before.headers.get("ETag") ?? "";
    await before.text();
    renders.length = 0;
    await cached.db.update(products).set({ name: "Adaçayı (yeni hasat)" }).where(eq(products.id, tea.id));
    const after = await cached.app.request(`/products/${tea.id}`, { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(etag);
    expect(await after.text()).toContain("<title>Adaçayı (yeni hasat) — Doğal Yaşam</title>");
    expect(renders).toEqual([`/products/${tea.id}`]);
  });
});
