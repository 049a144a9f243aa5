import type { Context } from "hono";
import { type CachedPage, matchesEtag, readCatalogue } from "../../catalogue/catalogue-reads.ts";
import { canonicalUrl } from "../../contract/canonical-url.ts";
import type { Product } from "../../contract/catalogue.ts";
import { idParamSchema } from "../../contract/catalogue.ts";
import { featuredProductCount, type InitialData, productsPageSize } from "../../contract/initial-data.ts";
import { temperamentSchema } from "../../contract/temperaments.ts";
import { ApiError } from "../../lib/api-error.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { readSharePreviews } from "../../lib/share-previews.ts";
import { shortHash } from "../../lib/short-hash.ts";
import { type PageMeta, renderPageShell } from "./page-shell.ts";
import { shareImageFor, shopName } from "./share-image.ts";
import { homeStructuredData, productStructuredData } from "./structured-data.ts";

const siteDescription =
  "Herbal teas, natural oils, soaps and bee products, chosen with care. Browse the Doğal Yaşam shop and take the free 20-question temperament test.";

const aboutDescription =
  "The story of Doğal Yaşam: a grandmother's garden near Kastamonu, her notebook of remedies, and the herbal teas, oils and soaps that grew from them.";

const firstImage = (product: Product | undefined) => product?.images[0];

/**
 * The catalogue pages, served as the app shell with their data, markup and meta tags written
 * in: the first paint needs no API call, and a shared product link previews that product.
 * A page is the same for every visitor until the catalogue changes, so each is rendered once
 * per catalogue version and answered from that render (with its ETag) until then. /about gets
 * its own head the same way (no data: it shows no catalogue). Every other page is the plain
 * shell from the static assets.
 */
export const pageRoutes = createRouter()
  .get("/", async (c) => {
    const catalogue = await readCatalogue(c);
    const page = await catalogue.page("/", async () => {
      const [products, categories] = await Promise.all([catalogue.products(), catalogue.categories()]);
      // Only what the page shows: the full list would make every first visit pay for it. No
      // image preload: on a phone the largest paint is the hero's text, the products are below
      // the fold.
      return renderCataloguePage(c, catalogue.stamp, "/", 200, {
        meta: {
          title: "Doğal Yaşam — Natural health & wellness",
          description: siteDescription,
          structuredData: homeStructuredData(c.var.siteOrigin(), siteDescription),
        },
        data: { featured: products.data.slice(0, featuredProductCount), categories: categories.data },
      });
    });
    return sendPage(c, page);
  })
  .get("/about", async (c) => {
    // Public, so it carries its own address and description; it shows no catalogue, so the page
    // embeds no data and is rendered in the browser as before.
    const catalogue = await readCatalogue(c);
    const page = await catalogue.page("/about", () =>
      renderCataloguePage(c, catalogue.stamp, "/about", 200, {
        meta: { title: "Our story — Doğal Yaşam", description: aboutDescription },
        data: undefined,
      }),
    );
    return sendPage(c, page);
  })
  .get("/products", async (c) => {
    // Only ?category= and ?temperament= change what the page shows; anything else (a typo,
    // tracking tags, an unknown temperament) is the same page, so it shares the render.
    const category = idParamSchema.safeParse({ id: c.req.query("category") });
    const temperament = temperamentSchema.safeParse(c.req.query("temperament")).data;
    const filters = new URLSearchParams({
      ...(category.success ? { category: String(category.data.id) } : {}),
      ...(temperament ? { temperament } : {}),
    }).toString();
    const path = filters ? (`/products?${filters}` as const) : "/products";
    const catalogue = await readCatalogue(c);
    const page = await catalogue.page(path, async () => {
      const [products, categories] = await Promise.all([catalogue.products(), catalogue.categories()]);
      // An id no category has (a stale bookmark) lists every product, as the app does.
      const categoryId =
        category.success && categories.data.some((c) => c.id === category.data.id) ? category.data.id : null;
      // A temperament lists only the products that name it (ADR 0048), as the app does.
      const list = products.data.filter(
        (product) =>
          (categoryId === null || product.category_id === categoryId) &&
          (!temperament || product.temperaments.includes(temperament)),
      );
      const first = list.slice(0, productsPageSize);
      return renderCataloguePage(c, catalogue.stamp, path, 200, {
        meta: {
          title: "Products — Doğal Yaşam",
          description: siteDescription,
          preloadImage: firstImage(first[0]),
        },
        data: {
          productList: { category_id: categoryId, temperament, products: first, total: list.length },
          categories: categories.data,
        },
      });
    });
    return sendPage(c, page);
  })
  .get("/products/:id", async (c) => {
    const id = idParamSchema.safeParse(c.req.param());
    const catalogue = await readCatalogue(c);
    if (!id.success) {
      // Not a product address at all: rendered each time rather than cached under a key an
      // address can make up.
      const categories = await catalogue.categories();
      return sendPage(c, await renderProductNotFound(c, catalogue.stamp, categories.data));
    }
    const path = `/products/${id.data.id}` as const;
    const page = await catalogue.page(path, async () => {
      const [categories, product] = await Promise.all([catalogue.categories(), catalogue.product(id.data.id)]);
      if (!product.data) return renderProductNotFound(c, catalogue.stamp, categories.data, path);
      const origin = c.var.siteOrigin();
      return renderCataloguePage(c, catalogue.stamp, path, 200, {
        meta: {
          title: `${product.data.name} — Doğal Yaşam`,
          description: product.data.short_description.trim() || product.data.description.trim() || siteDescription,
          structuredData: productStructuredData(origin, canonicalUrl(path, origin), product.data, categories.data),
          product: { image: product.data.images[0], name: product.data.name },
          preloadImage: product.data.images[0],
          type: "product",
        },
        data: { product: product.data, categories: categories.data },
      });
    });
    return sendPage(c, page);
  });

type PageParts = {
  /** `product`: the product a link to this page previews; without it, the shop's default preview. */
  meta: Omit<PageMeta, "url" | "image"> & { product?: { image: string | undefined; name: string } };
  /** The page's catalogue data; none for a page that shows no catalogue (no data, no server render). */
  data: InitialData | undefined;
};

function renderProductNotFound(
  c: Context<AppEnv>,
  stamp: string,
  categories: InitialData["categories"],
  path: `/${string}` = c.req.path as `/${string}`,
) {
  return renderCataloguePage(c, stamp, path, 404, {
    meta: { title: "Product not found — Doğal Yaşam", description: siteDescription },
    data: { product: null, categories },
  });
}

/**
 * Renders a catalogue page for `path` (its normalized address): the built app shell with the
 * page's meta tags, embedded data and server-rendered markup. Its ETag names the catalogue
 * version, the build (shell and link previews) and the page, so a deploy or an edit changes it.
 */
async function renderCataloguePage(
  c: Context<AppEnv>,
  stamp: string,
  path: `/${string}`,
  status: 200 | 404,
  { meta, data }: PageParts,
): Promise<CachedPage> {
  const origin = c.var.siteOrigin();
  const [shellResponse, previews] = await Promise.all([
    c.var.assets ? c.var.assets(new Request(new URL("/", c.req.url))) : null,
    readSharePreviews(c),
  ]);
  if (!shellResponse?.ok) throw new ApiError(503, "web_not_built", "The web app is not built.");
  const shell = await shellResponse.text();
  const { product, ...pageMeta } = meta;
  const image = shareImageFor(product?.image, product?.name ?? shopName, previews.list, origin);
  const html = renderPageShell(
    shell,
    { ...pageMeta, url: canonicalUrl(path, origin), image },
    data,
    data ? await renderMarkup(c, path, data) : "",
  );
  const build = await shortHash(shell + previews.text);
  return { status, body: new TextEncoder().encode(html), etag: `"${stamp}-${build}-${path}"` };
}

/**
 * The page's server-rendered markup, or "" when there is no renderer or it fails: the browser
 * then renders the same page from the embedded data, a little later, instead of an error.
 */
async function renderMarkup(c: Context<AppEnv>, path: string, data: InitialData): Promise<string> {
  const { renderPage, logger } = c.var;
  if (!renderPage) return "";
  try {
    return await renderPage(path, data);
  } catch (error) {
    logger.error("server render failed", { path, error: String(error) });
    return "";
  }
}

function sendPage(c: Context<AppEnv>, page: CachedPage) {
  const headers = { ETag: page.etag, "Cache-Control": "no-cache" };
  if (matchesEtag(c, page.etag)) return c.body(null, 304, headers);
  return c.body(page.body, page.status, { ...headers, "Content-Type": "text/html; charset=UTF-8" });
}
