import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { type SharePreviews, sharePreviewsPath } from "../../worker/contract/share-previews.ts";

// The size WhatsApp, Facebook and X show as a large link preview (1.91:1).
const width = 1200;
const height = 630;
const sageGreen = "#455d3f"; // --color-sage-700, the shop's header
const cream = "#fbf8f1"; // --color-cream, the page background

/** Where the shop's own product illustrations live, under web/public. */
const productImagesDir = "images/products";

/**
 * Makes the link previews of ADR 0019 at build time: a 1200×630 PNG for every product
 * illustration in web/public/images/products (WhatsApp, Facebook and X show no SVG `og:image`),
 * a default one from the shop's mark, and the list the catalogue pages read to name them
 * (dist/web/share-previews.json). The PNGs go under /assets/previews/ with a content hash in
 * their names: cached for good, and a changed illustration gets a new address, which link
 * scrapers (they cache images by URL) then fetch afresh. Only the build needs sharp: the
 * servers read the list and serve the files as static assets.
 */
export function sharePreviews(): Plugin {
  let publicDir = "";
  let rendering: Promise<Rendered> | undefined;
  return {
    name: "share-previews",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      // sharp works on its own threads: started here, the drawing overlaps the bundling.
      rendering = renderPreviews(publicDir);
      // Awaited in generateBundle; until then a failure must not count as unhandled.
      rendering.catch(() => {});
    },
    async generateBundle() {
      const { products, shop } = await (rendering ?? renderPreviews(publicDir));
      const emitPng = (name: string, png: Buffer) => {
        const hash = createHash("sha256").update(png).digest("hex").slice(0, 8);
        const fileName = `assets/previews/${name}-${hash}.png`;
        this.emitFile({ type: "asset", fileName, source: png });
        return `/${fileName}`;
      };
      const list: SharePreviews = {
        width,
        height,
        type: "image/png",
        default: emitPng("default", shop),
        images: Object.fromEntries(
          products.map(({ file, png }) => [`/${productImagesDir}/${file}`, emitPng(basename(file, ".svg"), png)]),
        ),
      };
      this.emitFile({
        type: "asset",
        fileName: sharePreviewsPath.slice(1),
        source: `${JSON.stringify(list, null, 2)}\n`,
      });
    },
  };
}

type Rendered = { products: { file: string; png: Buffer }[]; shop: Buffer };

/** The cards of every product illustration in web/public/images/products, and the shop's. */
async function renderPreviews(publicDir: string): Promise<Rendered> {
  const dir = join(publicDir, productImagesDir);
  const svgs = (await readdir(dir)).filter((file) => file.endsWith(".svg")).sort();
  const [products, shop] = await Promise.all([
    Promise.all(svgs.map(async (file) => ({ file, png: await productCard(await readFile(join(dir, file))) }))),
    shopCard(await readFile(join(publicDir, "favicon.svg"))),
  ]);
  return { products, shop };
}

/**
 * The product's illustration, whole (contained, never stretched or cropped) in a rounded square
 * centred on the shop's green. Centred, it also survives the square crop WhatsApp makes of a
 * small preview.
 */
async function productCard(svg: Buffer): Promise<Buffer> {
  const margin = 48;
  const art = await renderSvg(svg, height - 2 * margin);
  const corners = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${art.width}" height="${art.height}">` +
      `<rect width="${art.width}" height="${art.height}" rx="24"/></svg>`,
  );
  const rounded = await sharp(art.png)
    .composite([{ input: corners, blend: "dest-in" }])
    .png()
    .toBuffer();
  return card(sageGreen, rounded);
}

/** The shop's mark (the favicon's leaf on its green disc) centred on the page's cream. */
async function shopCard(svg: Buffer): Promise<Buffer> {
  return card(cream, (await renderSvg(svg, 400)).png);
}

/**
 * An SVG drawn at `box` pixels on its longer side (from the vector, so it stays sharp), its
 * proportions kept.
 */
async function renderSvg(svg: Buffer, box: number) {
  const { width: w = box, height: h = box } = await sharp(svg).metadata();
  // librsvg draws an SVG at 72 dpi by default: scale the density to reach the box.
  const density = (72 * box) / Math.max(w, h);
  const { data, info } = await sharp(svg, { density })
    .resize(box, box, { fit: "inside" })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * `art` centred on a 1200×630 background. A palette PNG: the flat illustrations keep their look
 * at half the size of a full-colour PNG (14 kB against 30 kB a card, measured for ADR 0019).
 */
function card(background: string, art: Buffer): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: art, gravity: "centre" }])
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toBuffer();
}
