import type { Context } from "hono";
import { etag } from "hono/etag";
import type { Product } from "../../contract/catalogue.ts";
import { idParamSchema } from "../../contract/catalogue.ts";
import { featuredProductCount, type InitialData } from "../../contract/initial-data.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { listCategories } from "../categories/categories.routes.ts";
import { findProduct, listProducts } from "../products/product-queries.ts";
import { type PageMeta, renderPageShell } from "./page-shell.ts";

const siteDescription =
  "Herbal teas, natural oils, soaps and bee products, chosen with care. Browse the Doğal Yaşam shop and take the free 20-question temperament test.";

const firstImage = (product: Product | undefined) => product?.images[0];

/**
 * The catalogue pages, served as the app shell with their data and meta tags written in:
 * the first paint needs no API call, and a shared product link previews that product.
 * Every other page is the plain shell from the static assets.
 */
export const pageRoutes = createRouter()
  .use(etag())
  .get("/", async (c) => {
    const { products, categories } = await readCatalogue(c);
    // Only what the page shows: the full list would make every first visit pay for it. No image
    // preload: on a phone the largest paint is the hero's text, the products are below the fold.
    return servePage(c, 200, {
      meta: { title: "Doğal Yaşam — Natural health & wellness", description: siteDescription },
      data: { featured: products.slice(0, featuredProductCount), categories },
    });
  })
  .get("/products", async (c) => {
    const { products, categories } = await readCatalogue(c);
    return servePage(c, 200, {
      meta: {
        title: "Products — Doğal Yaşam",
        description: siteDescription,
        preloadImage: firstImage(products[0]),
      },
      data: { products, categories },
    });
  })
  .get("/products/:id", async (c) => {
    const { db, catalogueCache } = c.var;
    const id = idParamSchema.safeParse(c.req.param());
    const [categories, product] = await Promise.all([
      catalogueCache.read(db, "categories", () => listCategories(db)).then((read) => read.data),
      id.success
        ? catalogueCache.read(db, `product-${id.data.id}`, () => findProduct(db, id.data.id)).then((read) => read.data)
        : null,
    ]);
    if (!product) {
      return servePage(c, 404, {
        meta: { title: "Product not found — Doğal Yaşam", description: siteDescription },
        data: { product: null, categories },
      });
    }
    return servePage(c, 200, {
      meta: {
        title: `${product.name} — Doğal Yaşam`,
        description: product.short_description,
        image: product.images[0],
        preloadImage: product.images[0],
        type: "product",
      },
      data: { product, categories },
    });
  });

async function readCatalogue(c: Context<AppEnv>) {
  const { db, catalogueCache } = c.var;
  const [products, categories] = await Promise.all([
    catalogueCache.read(db, "products-all", () => listProducts(db)),
    catalogueCache.read(db, "categories", () => listCategories(db)),
  ]);
  return { products: products.data, categories: categories.data };
}

type PageParts = { meta: Omit<PageMeta, "url">; data: InitialData };

async function servePage(c: Context<AppEnv>, status: 200 | 404, { meta, data }: PageParts) {
  const origin = c.var.config.PUBLIC_URL ?? new URL(c.req.url).origin;
  const absolute = (path: string | undefined) => (path ? new URL(path, origin).toString() : undefined);
  const assets = c.var.assets;
  const shellResponse = assets ? await assets(new Request(new URL("/", c.req.url))) : null;
  if (!shellResponse?.ok) return c.text("The web app is not built.", 503);
  const html = renderPageShell(
    await shellResponse.text(),
    { ...meta, url: new URL(c.req.path, origin).toString(), image: absolute(meta.image) },
    data,
    await renderMarkup(c, data),
  );
  return c.html(html, status, { "Cache-Control": "no-cache" });
}

/**
 * The page's server-rendered markup, or "" when there is no renderer or it fails: the browser
 * then renders the same page from the embedded data, a little later, instead of an error.
 */
async function renderMarkup(c: Context<AppEnv>, data: InitialData): Promise<string> {
  const { renderPage, logger } = c.var;
  if (!renderPage) return "";
  const url = new URL(c.req.url);
  try {
    return await renderPage(url.pathname + url.search, data);
  } catch (error) {
    logger.error("server render failed", { path: url.pathname, error: String(error) });
    return "";
  }
}
