import type { Context } from "hono";
import { type CachedPage, matchesEtag, readCatalogue } from "../../catalogue/catalogue-reads.ts";
import type { StaticPage } from "../../contract/app-pages.ts";
import { canonicalUrl } from "../../contract/canonical-url.ts";
import type { Product } from "../../contract/catalogue.ts";
import { idParamSchema } from "../../contract/catalogue.ts";
import { featuredProductCount, type InitialData, productsPageSize } from "../../contract/initial-data.ts";
import { type Locale, localizedPath, splitLocale } from "../../contract/locales.ts";
import { productPictureSizes } from "../../contract/photos.ts";
import { shareTarget } from "../../contract/share-target.ts";
import { shownName, shownSummary } from "../../contract/shown-text.ts";
import { siteDescriptions, siteTitles } from "../../contract/site-texts.ts";
import { temperamentSchema } from "../../contract/temperaments.ts";
import { ApiError } from "../../lib/api-error.ts";
import { type AppEnv, createRouter } from "../../lib/app-env.ts";
import { readSharePreviews } from "../../lib/share-previews.ts";
import { shortHash } from "../../lib/short-hash.ts";
import { type PageMeta, renderPageShell, withNoindex } from "./page-shell.ts";
import { photoShareImage, shareImageFor, shopName } from "./share-image.ts";
import { answerShareWithoutWorker } from "./share-target.ts";
import { homeStructuredData, productStructuredData, staticPageStructuredData } from "./structured-data.ts";

/**
 * The words of the pages' heads (title, description, structured-data name), in each language:
 * a missing Turkish text is a type error. The pages' bodies take theirs from the app's
 * message catalogue (web/i18n/); these are the server's own.
 */
const heads: Record<
  Locale,
  {
    site: { title: string; description: string };
    products: string;
    productNotFound: string;
    pageNotFound: string;
    static: Record<StaticPage, { name: string; title: string; description: string }>;
  }
> = {
  en: {
    site: { title: siteTitles.en, description: siteDescriptions.en },
    products: "Products — Doğal Yaşam",
    productNotFound: "Product not found — Doğal Yaşam",
    pageNotFound: "Page not found — Doğal Yaşam",
    static: {
      "/about": {
        name: "Our story",
        title: "Our story — Doğal Yaşam",
        description:
          "The story of Doğal Yaşam: a grandmother's garden near Kastamonu, her notebook of remedies, and the herbal teas, oils and soaps that grew from them.",
      },
      "/privacy": {
        name: "Privacy policy",
        title: "Privacy policy — Doğal Yaşam",
        description:
          "What Doğal Yaşam stores about you, why, for how long, who sees it, and how to have it deleted, under KVKK and the GDPR.",
      },
      "/terms": {
        name: "Terms of service",
        title: "Terms of service — Doğal Yaşam",
        description:
          "The plain terms of the Doğal Yaşam site: purchases happen on the marketplace, health information is not medical advice, and your account.",
      },
    },
  },
  tr: {
    site: { title: siteTitles.tr, description: siteDescriptions.tr },
    products: "Ürünler — Doğal Yaşam",
    productNotFound: "Ürün bulunamadı — Doğal Yaşam",
    pageNotFound: "Sayfa bulunamadı — Doğal Yaşam",
    static: {
      "/about": {
        name: "Hikâyemiz",
        title: "Hikâyemiz — Doğal Yaşam",
        description:
          "Doğal Yaşam'ın hikâyesi: Kastamonu yakınlarında bir büyükanne bahçesi, şifalı tariflerle dolu bir defter ve ondan doğan bitki çayları, yağlar ve sabunlar.",
      },
      "/privacy": {
        name: "Gizlilik Politikası",
        title: "Gizlilik Politikası — Doğal Yaşam",
        description:
          "Doğal Yaşam hakkınızda neleri, neden ve ne kadar süreyle saklar, kimler görür ve nasıl sildirebilirsiniz: KVKK ve GDPR kapsamında.",
      },
      "/terms": {
        name: "Kullanım Koşulları",
        title: "Kullanım Koşulları — Doğal Yaşam",
        description:
          "Doğal Yaşam sitesinin sade koşulları: satın alma pazar yerinde yapılır, sağlık bilgileri tıbbi tavsiye değildir ve hesabınız.",
      },
    },
  },
};

const staticPageTypes: Record<StaticPage, "AboutPage" | "WebPage"> = {
  "/about": "AboutPage",
  "/privacy": "WebPage",
  "/terms": "WebPage",
};

/** The language of the page asked for: `/tr/…` is Turkish (the routes are mounted at `/tr` too). */
const pageLocale = (c: Context<AppEnv>) => splitLocale(c.req.path).locale;

/** The first product card's picture, the products page's largest paint on a phone. */
const firstImage = (product: Product | undefined) => {
  const src = product?.images[0];
  return src ? { src, sizes: productPictureSizes.card } : undefined;
};

/**
 * The catalogue pages, served as the app shell with their data, markup and meta tags written
 * in: the first paint needs no API call, and a shared product link previews that product.
 * A page is the same for every visitor until the catalogue changes, so each is rendered once
 * per catalogue version and answered from that render (with its ETag) until then. The pages of
 * the shop's own text (/about, /privacy, /terms) are rendered the same way, with the categories
 * their header shows. The app's other pages are the plain shell from the static assets; any
 * other address is the not-found page (renderNotFoundPage, ADR 0068).
 *
 * worker/app.ts mounts these at `/` and at `/tr`: each page is rendered and cached per language,
 * from the build of its language (ADR 0079).
 */
export const pageRoutes = createRouter()
  .get("/", async (c) => {
    const locale = pageLocale(c);
    const { site } = heads[locale];
    const path = localizedPath("/", locale);
    const catalogue = await readCatalogue(c);
    const page = await catalogue.page(path, async () => {
      const [products, categories] = await Promise.all([catalogue.products(), catalogue.categories()]);
      // Only what the page shows: the full list would make every first visit pay for it. No
      // image preload: on a phone the largest paint is the hero's text, the products are below
      // the fold.
      return renderCataloguePage(c, catalogue.stamp, path, 200, {
        meta: {
          title: site.title,
          description: site.description,
          structuredData: homeStructuredData(c.var.siteOrigin(), site.description, locale),
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
    const locale = pageLocale(c);
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
    const path = localizedPath(filters ? `/products?${filters}` : "/products", locale);
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
          title: heads[locale].products,
          description: heads[locale].site.description,
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
    const locale = pageLocale(c);
    const path = localizedPath(`/products/${id.data.id}`, locale);
    const page = await catalogue.page(path, async () => {
      const [categories, product] = await Promise.all([catalogue.categories(), catalogue.product(id.data.id)]);
      if (!product.data) return renderProductNotFound(c, catalogue.stamp, categories.data, path);
      const origin = c.var.siteOrigin();
      // The English texts on an English page where the admin wrote them, else the Turkish (ADR 0087).
      const name = shownName(product.data, locale).text;
      const summary = shownSummary(product.data, locale).text.trim();
      return renderCataloguePage(c, catalogue.stamp, path, 200, {
        meta: {
          title: `${name} — Doğal Yaşam`,
          description: summary || heads[locale].site.description,
          structuredData: productStructuredData(
            origin,
            canonicalUrl(path, origin),
            product.data,
            categories.data,
            locale,
          ),
          product: { image: product.data.images[0], name },
          preloadImage: product.data.images[0]
            ? { src: product.data.images[0], sizes: productPictureSizes.page }
            : undefined,
          type: "product",
        },
        data: { product: product.data, categories: categories.data },
      });
    });
    return sendPage(c, page);
  })
  // The manifest's share target without a service worker to take the photos (ADR 0095).
  .post(shareTarget.action, answerShareWithoutWorker);

/** A page of the shop's own text, rendered once per catalogue version (its header lists the categories). */
async function sendStaticPage(c: Context<AppEnv>, path: StaticPage) {
  const locale = pageLocale(c);
  const address = localizedPath(path, locale);
  const catalogue = await readCatalogue(c);
  const page = await catalogue.page(address, async () => {
    const categories = await catalogue.categories();
    const { name, title, description } = heads[locale].static[path];
    const type = staticPageTypes[path];
    const url = canonicalUrl(address, c.var.siteOrigin());
    return renderCataloguePage(c, catalogue.stamp, address, 200, {
      meta: {
        title,
        description,
        structuredData: staticPageStructuredData(c.var.siteOrigin(), url, { type, name, description }, locale),
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
  const page = await renderCataloguePage(c, catalogue.stamp, requestedPath(c), 404, {
    meta: {
      title: heads[pageLocale(c)].pageNotFound,
      description: heads[pageLocale(c)].site.description,
      noindex: true,
    },
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
  meta: Omit<PageMeta, "url" | "image" | "locale" | "alternates"> & {
    product?: { image: string | undefined; name: string };
  };
  /** The page's catalogue data; none for a page that shows no catalogue (no data, no server render). */
  data: InitialData | undefined;
};

/**
 * The address as the browser sent it, still percent-encoded, for the pages of made-up addresses,
 * which are rendered for it and tagged with it. `c.req.path` is decoded: a backslash there is no path
 * the renderer can parse, and a "€" or a line break no ETag a header can carry.
 */
const requestedPath = (c: Context<AppEnv>) => new URL(c.req.url).pathname as `/${string}`;

function renderProductNotFound(
  c: Context<AppEnv>,
  stamp: string,
  categories: InitialData["categories"],
  path: `/${string}` = requestedPath(c),
) {
  return renderCataloguePage(c, stamp, path, 404, {
    meta: { title: heads[pageLocale(c)].productNotFound, description: heads[pageLocale(c)].site.description },
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
    c.var.assets ? c.var.assets(shellRequest(c)) : null,
    readSharePreviews(c),
  ]);
  if (!shellResponse?.ok) throw new ApiError(503, "web_not_built", (t) => t.api_web_not_built);
  const shell = await shellResponse.text();
  const { product, ...pageMeta } = meta;
  const image =
    (await photoShareImage(product?.image, product?.name ?? shopName, c.var.photos, origin)) ??
    shareImageFor(product?.image, product?.name ?? shopName, previews.list, origin);
  const { locale, path: englishPath } = splitLocale(path);
  const indexed = status === 200 && !pageMeta.noindex;
  const alternates = indexed
    ? {
        en: canonicalUrl(englishPath, origin),
        tr: canonicalUrl(localizedPath(englishPath as `/${string}`, "tr"), origin),
      }
    : undefined;
  const html = renderPageShell(
    shell,
    { ...pageMeta, locale, alternates, url: pageMeta.noindex ? undefined : canonicalUrl(path, origin), image },
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

/**
 * The built page shell of the request's language: dist/web/index.html, or the Turkish build's
 * dist/web/tr/index.html (served at `/tr/` by Workers Static Assets and the Node entry alike).
 */
export function shellRequest(c: Context<AppEnv>): Request {
  return new Request(new URL(pageLocale(c) === "tr" ? "/tr/" : "/", c.req.url));
}
