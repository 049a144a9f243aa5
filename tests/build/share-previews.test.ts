import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { JSDOM } from "jsdom";
import { afterAll, describe, expect, it } from "vitest";
import { seedProducts } from "../../drizzle/seed/catalogue.ts";
import { type SharePreviews, sharePreviewsPath, sharePreviewsSchema } from "../../worker/contract/share-previews.ts";
import { createDatabase } from "../../worker/db/client.ts";
import { startNodeServer } from "../../worker/entries/node.ts";
import { projectRoot } from "../../worker/entries/node-env.ts";
import { createProduct } from "../support/factories.ts";
import { expectSecurityHeaders } from "../support/security-headers.ts";
import { nodeServerSettings } from "../support/server.ts";

// Shared product links preview in WhatsApp, Facebook and X (ADR 0019): the PNGs `npm run build`
// makes, and the tags the real Node server writes into /products/:id over a real database.

const publicUrl = "https://dogalyasam.example";
const settings = nodeServerSettings({ PUBLIC_URL: publicUrl });
const dist = join(projectRoot, "dist/web");
const previews: SharePreviews = sharePreviewsSchema.parse(
  JSON.parse(readFileSync(join(dist, sharePreviewsPath), "utf8")),
);

const server = await startNodeServer(settings, { port: 0 });
// The server's own database file, where the factories add the products these tests share.
const client = createClient({ url: settings.DATABASE_URL });
const db = createDatabase(client);
afterAll(async () => {
  await server.close();
  client.close();
});

/** The page's head as a browser (and a link scraper) parses it, and as raw text. */
async function fetchHead(path: string) {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const rawHead = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
  return { rawHead, meta, title: document.title };
}

/** Width and height from a PNG's IHDR chunk, which the format puts first. */
function pngSize(bytes: Uint8Array) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** `og:image`'s URL on the test server: the tags name PUBLIC_URL, the files are the same. */
const onServer = (url: string) => `${server.url}${new URL(url).pathname}`;

describe("the link previews `npm run build` makes", () => {
  const images = readdirSync(join(projectRoot, "web/public/images/products")).filter((f) => f.endsWith(".svg"));

  it("has a 1200×630 PNG under 150 kB for every product illustration and for the shop", () => {
    expect(images.length).toBeGreaterThan(0);
    expect(Object.keys(previews.images).sort()).toEqual(images.map((file) => `/images/products/${file}`).sort());
    for (const preview of [...Object.values(previews.images), previews.default]) {
      const file = join(dist, preview);
      expect(pngSize(readFileSync(file)), preview).toEqual({ width: 1200, height: 630 });
      expect(statSync(file).size, preview).toBeLessThan(150_000);
    }
    expect(previews).toMatchObject({ width: 1200, height: 630, type: "image/png" });
  });

  it("covers every image the seed catalogue names", () => {
    const seedImages = seedProducts.flatMap((product) => product.images);
    expect(seedImages.filter((image) => !Object.hasOwn(previews.images, image))).toEqual([]);
  });
});

describe("a shared product link, from the real server", () => {
  const seeded = seedProducts[0] as (typeof seedProducts)[number];

  it("previews a seeded product with the PNG of its illustration", async () => {
    const { meta } = await fetchHead(`/products/${seeded.id}`);
    const image = `${publicUrl}${previews.images[seeded.images[0] as string]}`;
    expect(meta("og:image")).toBe(image);
    expect(meta("og:image:type")).toBe("image/png");
    expect(meta("og:image:width")).toBe("1200");
    expect(meta("og:image:height")).toBe("630");
    expect(meta("og:image:alt")).toBe(seeded.name);
    expect(meta("og:title")).toBe(`${seeded.name} — Doğal Yaşam`);
    expect(meta("og:description")).toBe(seeded.short_description);
    expect(meta("og:url")).toBe(`${publicUrl}/products/${seeded.id}`);
    expect(meta("twitter:card")).toBe("summary_large_image");
    expect(meta("twitter:image")).toBe(image);
    expect(meta("twitter:image:alt")).toBe(seeded.name);
    expect(meta("twitter:description")).toBe(seeded.short_description);
  });

  it("uses an administrator's external .jpg as it is, without a size it does not know", async () => {
    const product = await createProduct(db, {
      name: "Defne Sabunu (büyük)",
      shortDescription: "Zeytinyağı ve defne yağıyla.",
      images: ["https://images.example/defne-sabunu.jpg", "/images/products/defne-sabunu.svg"],
    });
    const { meta } = await fetchHead(`/products/${product.id}`);
    expect(meta("og:image")).toBe("https://images.example/defne-sabunu.jpg");
    expect(meta("og:image:type")).toBe("image/jpeg");
    expect(meta("og:image:width")).toBeNull();
    expect(meta("og:image:height")).toBeNull();
    expect(meta("og:image:alt")).toBe("Defne Sabunu (büyük)");
    expect(meta("twitter:image")).toBe("https://images.example/defne-sabunu.jpg");
    expect(meta("twitter:card")).toBe("summary_large_image");
  });

  it("writes a name and description that carry markup and quotes as text", async () => {
    const name = "<script>alert(1)</script>";
    const shortDescription = `Annemin "özel" tarifi & 'doğal' <img src=x onerror=alert(2)>`;
    const product = await createProduct(db, { name, shortDescription, images: [] });
    const { rawHead, meta, title } = await fetchHead(`/products/${product.id}`);
    expect(rawHead).not.toContain("<script>alert");
    expect(rawHead).not.toContain("<img");
    expect(rawHead).not.toContain('"özel"');
    // Read back by an HTML parser, every tag holds the text exactly, in its own attribute.
    expect(title).toBe(`${name} — Doğal Yaşam`);
    expect(meta("og:title")).toBe(`${name} — Doğal Yaşam`);
    expect(meta("twitter:title")).toBe(`${name} — Doğal Yaşam`);
    expect(meta("og:description")).toBe(shortDescription);
    expect(meta("twitter:description")).toBe(shortDescription);
    expect(meta("description")).toBe(shortDescription);
    // No image of its own: the shop's default preview, which shows the shop, not the product.
    expect(meta("og:image")).toBe(`${publicUrl}${previews.default}`);
    expect(meta("og:image:alt")).toBe("Doğal Yaşam");
  });

  it.each(["/", "/products"])("previews %s with the shop's default card", async (path) => {
    const { meta } = await fetchHead(path);
    expect(meta("og:image")).toBe(`${publicUrl}${previews.default}`);
    expect(meta("og:image:width")).toBe("1200");
    expect(meta("og:image:height")).toBe("630");
    expect(meta("og:image:type")).toBe("image/png");
    expect(meta("twitter:card")).toBe("summary_large_image");
    expect(meta("twitter:image")).toBe(`${publicUrl}${previews.default}`);
  });

  it("serves the image a tag names: a 1200×630 PNG with the site's headers, cached for good", async () => {
    for (const path of [`/products/${seeded.id}`, "/"]) {
      const image = (await fetchHead(path)).meta("og:image") ?? "";
      const res = await fetch(onServer(image));
      expect(res.status, image).toBe(200);
      expect(res.headers.get("Content-Type"), image).toBe("image/png");
      expect(res.headers.get("Cache-Control"), image).toBe("public, max-age=31536000, immutable");
      expectSecurityHeaders(res.headers, image);
      expect(pngSize(new Uint8Array(await res.arrayBuffer())), image).toEqual({ width: 1200, height: 630 });
    }
  });
});
