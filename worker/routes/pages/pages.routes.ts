import type { Context } from "hono";
import { type CachedPage, matchesEtag, readCatalogue } from "../../catalogue/catalogue-reads.ts";
import type { StaticPage } from "../../contract/app-pages.ts";
import { canonicalUrl } from "../../contract/canonical-url.ts";
import type { Product } from "../../contract/catalogue.ts";
import { idParamSchema } from "../../contract/catalogue.ts";
import { featuredProductCount, type InitialData, productsPageSize } from "../../contract/initial-data.ts";
import { temperamentSchema } from "../../contract/temperaments.ts";
import { ApiError } from "../../lib/api-error.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { readSharePreviews } from "../../lib/share-previews.ts";
import { shortHash } from "../../lib/short-hash.ts";
import { type PageMeta, renderPageShell, withNoindex } from "./page-shell.ts";
import { shareImageFor, shopName } from "./share-image.ts";
import { homeStructuredData, productStructuredData, staticPageStructuredData } from "./structured-data.ts";

const siteDescription =
  "Herbal teas, natural oils, soaps and bee products, chosen with care. Browse the Doğal Yaşam shop and take the free 20-question temperament test.";

/** The heads of the pages of the shop's own text; their words are the app's (web/features/). */
const staticPageHeads: Record<
  StaticPage,
  { name: string; title: string; description: string; type: "AboutPage" | "WebPage" }
> = {
  "/about": {
    name: "Our story",
    title: "Our story — Doğal Yaşam",
    description:
      "The story of Doğal Yaşam: a grandmother's garden near Kastamonu, her notebook of remedies, and the herbal teas, oils and soaps that grew from them.",
    type: "AboutPage",
  },
  "/privacy": {
    name: "Privacy policy",
    title: "Privacy policy — Doğal Yaşam",
    description:
      "What Doğal Yaşam stores about you, why, for how long, who sees it, and how to have it deleted, under KVKK and the GDPR.",
    type: "WebPage",
  },
  "/terms": {
    name: "Terms of service",
    title: "Terms of service — Doğal Yaşam",
    description:
      "The plain terms of the Doğal Yaşam site: purchases happen on the marketplace, health information is not medical advice, and your account.",
    type: "WebPage",
  },
};

const firstImage = (product: Product | undefined) => product?.images[0];

/**
 * The catalogue pages, served as the app shell with their data, markup and meta tags written
 * in: the first paint needs no API call, and a shared product link previews that product.
 * A page is the same for every visitor until the catalogue changes, so each is rendered once
 * per catalogue version and answered from that render (with its ETag) until then. The pages of
 * the shop's own text (/about, /privacy, /terms) are rendered the same way, with the categories
 * their header shows. The app's other pages are the plain shell from the static assets; any
 * other address is the not-found page (renderNotFoundPage, ADR 0068).
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
  .get("/about", (c) => sendStaticPage(c, "/about"))
  .get("/privacy", (c) => sendStaticPage(c, "/privacy"))
  .get("/terms", (c) => sendStaticPage(c, "/terms"))
  .get("/products", async (c) => {
    // Only ?category= and ?temperament= change what the page shows; anything else (a typo,
    // tracking tags) is the same page, so it shares the render.
    const givenCategory = c.req.query("category") || undefined;
    const givenTemperament = c.req.query("temperament") || undefined;
    const category = idParamSchema.safeParse({ id: givenCategory });
    const temperament = temperamentSchema.safeParse(givenTemperament).data;
    const catalogue = await readCatalogue(c);
    const categories = await catalogue.categories();
    const categoryId =
      category.success && categories.data.some((c) => c.id === category.data.id) ? category.data.id : undefined;
    const filters = new URLSearchParams({
      ...(categoryId === undefined ? {} : { category: String(categoryId) }),
      ...(temperament ? { temperament } : {}),
    }).toString();
    const path = filters ? (`/products?${filters}` as const) : "/products";
    const page = await catalogue.page(path, async () => {
      const products = await catalogue.products();
      // A temperament lists only the products that name it (ADR 0048), as the app does.
      const list = products.data.filter(
        (product) =>
          (categoryId === undefined || product.category_id === categoryId) &&
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
          productList: { category_id: categoryId ?? null, temperament, products: first, total: list.length },
          categories: categories.data,
        },
      });
    });
    // A category or temperament that names nothing (a stale bookmark, a made-up id) is no page
    // of its own (ADR 0068): a 404, showing what the app shows there, the list without that
    // filter, from that list's render. So no address can add a render or a cache slot.
    const namesNothing =
      (givenCategory !== undefined && categoryId === undefined) || (givenTemperament !== undefined && !temperament);
    return sendPage(c, namesNothing ? notIndexed(page) : page);
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

/** A page of the shop's own text, rendered once per catalogue version (its header lists the categories). */
async function sendStaticPage(c: Context<AppEnv>, path: StaticPage) {
  const catalogue = await readCatalogue(c);
  const page = await catalogue.page(path, async () => {
    const categories = await catalogue.categories();
    const { name, title, description, type } = staticPageHeads[path];
    const url = canonicalUrl(path, c.var.siteOrigin());
    return renderCataloguePage(c, catalogue.stamp, path, 200, {
      meta: {
        title,
        description,
        structuredData: staticPageStructuredData(c.var.siteOrigin(), url, { type, name, description }),
      },
      data: { categories: categories.data },
    });
  });
  return sendPage(c, page);
}

/**
 * An address the app does not have (ADR 0068): 404 with the not-found page, rendered on the
 * server so it has its text before any script, and hydrated like every other page. Rendered
 * for each request, never cached: any address can be made up.
 */
export async function renderNotFoundPage(c: Context<AppEnv>): Promise<Response> {
  const catalogue = await readCatalogue(c);
  const categories = await catalogue.categories();
  const path = c.req.path as `/${string}`;
  const page = await renderCataloguePage(c, catalogue.stamp, path, 404, {
    meta: { title: "Page not found — Doğal Yaşam", description: siteDescription, noindex: true },
    data: { categories: categories.data },
  });
  return c.body(page.body, 404, { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store" });
}

/** The page's render marked `noindex`, under an ETag of its own. */
function notIndexed(page: CachedPage): CachedPage {
  const html = withNoindex(new TextDecoder().decode(page.body));
  return { status: 404, body: new TextEncoder().encode(html), etag: page.etag.replace(/"$/, '-noindex"') };
}

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
  if (!shellResponse?.ok) throw new ApiError(503, "web_not_built", (t) => t.api_web_not_built);
  const shell = await shellResponse.text();
  const { product, ...pageMeta } = meta;
  const image = shareImageFor(product?.image, product?.name ?? shopName, previews.list, origin);
  const html = renderPageShell(
    shell,
    { ...pageMeta, url: pageMeta.noindex ? undefined : canonicalUrl(path, origin), image },
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
