/**
 * Issue 40's Turkish pages as both runtimes must serve them (ADR 0079), over the seeded
 * catalogue (product 1, category 1): each address in its language, links and the language
 * switch in the page's language, the English pages as before. Used by tests/build (the Node
 * server) and tests/worker (the built Worker in workerd).
 */

type Page = { status: number; html: string };
type Expected = {
  path: string;
  /** 200 unless said. */
  status?: number;
  lang: "en" | "tr";
  /** Text of the page's own language that must be there, server-rendered. */
  shows?: string;
  /** Text of the other language that must not be. */
  notShows?: string;
  /**
   * Where the language switch leads: the same page, same query, in the other language. A page
   * found also names both addresses in its hreflang links (a 404 names none).
   */
  switchTo?: string;
  canonical?: string;
};

const pages: Expected[] = [
  {
    path: "/tr",
    lang: "tr",
    shows: "Beden ve zihin için doğal, nazik bakım",
    notShows: "Gentle, natural care",
    switchTo: "/",
    canonical: "/tr",
  },
  {
    path: "/tr/products?category=1",
    lang: "tr",
    shows: "Anadolu&#x27;dan bitki çayları",
    switchTo: "/products?category=1",
    canonical: "/tr/products?category=1",
  },
  {
    path: "/tr/products/1",
    lang: "tr",
    shows: "Uygun olduğu mizaçlar",
    notShows: "Buy on Etsy",
    switchTo: "/products/1",
    canonical: "/tr/products/1",
  },
  { path: "/tr/about", lang: "tr", shows: "Büyükannemin bahçesinden evinize", switchTo: "/about" },
  { path: "/tr/signup", lang: "tr", shows: "<title>Doğal Yaşam — Doğal sağlık ve yaşam</title>" },
  { path: "/tr/app-shell", lang: "tr" },
  { path: "/tr/nope", status: 404, lang: "tr", shows: "Sayfa bulunamadı", switchTo: "/nope" },
  { path: "/tr/products/999999", status: 404, lang: "tr", shows: "Ürün bulunamadı" },
  {
    path: "/",
    lang: "en",
    shows: "Gentle, natural care for body and mind",
    notShows: "Beden ve zihin",
    switchTo: "/tr",
    canonical: "/",
  },
  { path: "/products?category=1", lang: "en", switchTo: "/tr/products?category=1" },
  { path: "/signup", lang: "en" },
  { path: "/trees", status: 404, lang: "en", shows: "Page not found" },
];

const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
/** The language switch's address: the one link marked with the other language's hreflang. */
const switchOf = (html: string, lang: string) =>
  new RegExp(`<a href="([^"]*)" hreflang="${lang === "tr" ? "en" : "tr"}"`, "i").exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const hreflangsOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map(
    ([, lang, href]) => `${lang} ${href}`,
  );
const ogLocaleOf = (html: string) => /<meta property="og:locale" content="([^"]*)"/.exec(html)?.[1];

/** Every difference between what `get` answers and the pages above (an empty list when all are right). */
export async function turkishPageMismatches(get: (path: string) => Promise<Page>, origin: string): Promise<string[]> {
  const found: string[] = [];
  for (const page of pages) {
    const { status, html } = await get(page.path);
    const problem = (what: string) => found.push(`${page.path}: ${what}`);
    const expectedStatus = page.status ?? 200;
    if (status !== expectedStatus) problem(`status ${status}, not ${expectedStatus}`);
    if (langOf(html) !== page.lang) problem(`<html lang="${langOf(html)}">`);
    if (page.shows && !html.includes(page.shows)) problem(`does not show ${page.shows}`);
    if (page.notShows && html.includes(page.notShows)) problem(`shows ${page.notShows}`);
    if (page.switchTo && switchOf(html, page.lang) !== page.switchTo) {
      problem(`language switch to ${switchOf(html, page.lang)}, not ${page.switchTo}`);
    }
    const canonical = page.canonical && new URL(page.canonical, origin).toString();
    if (canonical && canonicalOf(html) !== canonical) problem(`canonical ${canonicalOf(html)}, not ${canonical}`);
    if (page.switchTo) {
      const [own, other] = [page.path, page.switchTo].map((path) => new URL(path, origin).toString());
      const [english, turkish] = page.lang === "tr" ? [other, own] : [own, other];
      const expected = expectedStatus === 200 ? [`tr ${turkish}`, `en ${english}`, `x-default ${english}`] : [];
      if (hreflangsOf(html).join() !== expected.join()) problem(`hreflang ${hreflangsOf(html).join()}`);
      const ogLocale = page.lang === "tr" ? "tr_TR" : "en_US";
      if (ogLocaleOf(html) !== ogLocale) problem(`og:locale ${ogLocaleOf(html)}`);
    }
    // Every link the page renders to another page stays in its language.
    const links = [...html.matchAll(/<a href="(\/[^"]*)"(?! hreflang)/gi)].map((match) => match[1] ?? "");
    const strays = links.filter((href) => (page.lang === "tr") !== (href === "/tr" || href.startsWith("/tr/")));
    if (expectedStatus === 200 && strays.length > 0) problem(`links out of its language: ${strays.join(" ")}`);
  }
  return found;
}

/**
 * Renders of English and Turkish pages interleaved (distinct addresses, so each is a render of
 * its own, not the page cache's copy): every answer in its address's language.
 */
export async function interleavedLanguageMismatches(
  get: (path: string) => Promise<Page>,
  productIds: readonly number[],
): Promise<string[]> {
  const paths = productIds.flatMap((id) => [`/tr/products/${id}`, `/products/${id}`]);
  const answers = await Promise.all(paths.map(async (path) => ({ path, page: await get(path) })));
  // The header's About link, rendered with the messages of the request's language.
  const about = { tr: ">Hakkımızda</a>", en: ">About</a>" };
  return answers
    .filter(({ path, page }) => {
      const lang = path.startsWith("/tr/") ? "tr" : "en";
      return page.status !== 200 || langOf(page.html) !== lang || !page.html.includes(about[lang]);
    })
    .map(({ path, page }) => `${path}: ${page.status} <html lang="${langOf(page.html)}">`);
}

/** What a visitor who chose a language (the `locale` cookie, or none) is answered. */
const chosenLocaleCases: { cookie: string | undefined; path: string; status: number; location?: string }[] = [
  { cookie: "locale=tr", path: "/", status: 302, location: "/tr" },
  {
    cookie: "locale=tr",
    path: "/products?category=1&temperament=sanguine",
    status: 302,
    location: "/tr/products?category=1&temperament=sanguine",
  },
  { cookie: "locale=tr", path: "/signup", status: 302, location: "/tr/signup" },
  { cookie: "locale=en", path: "/tr/about", status: 302, location: "/about" },
  { cookie: "locale=en", path: "/tr", status: 302, location: "/" },
  // In the chosen language already, or no choice (or none we know): the page itself.
  { cookie: "locale=tr", path: "/tr/products/1", status: 200 },
  { cookie: undefined, path: "/tr", status: 200 },
  { cookie: undefined, path: "/products", status: 200 },
  { cookie: "locale=de", path: "/tr/about", status: 200 },
  // Never the service worker's shells, the API, files or pages that do not exist.
  { cookie: "locale=tr", path: "/app-shell", status: 200 },
  { cookie: "locale=en", path: "/tr/app-shell", status: 200 },
  { cookie: "locale=tr", path: "/api/health", status: 200 },
  { cookie: "locale=tr", path: "/sitemap.xml", status: 200 },
  { cookie: "locale=tr", path: "/favicon.svg", status: 200 },
  { cookie: "locale=tr", path: "/nope", status: 404 },
];

/** An answer as Node's fetch and Miniflare's both give it. */
type Answer = { status: number; headers: { get(name: string): string | null }; arrayBuffer(): Promise<unknown> };

/**
 * Every difference between the answers to a chosen language and the cases above; `get` sends the
 * cookie given, if any, and follows no redirect.
 */
export async function chosenLocaleMismatches(
  get: (path: string, cookie: string | undefined) => Promise<Answer>,
): Promise<string[]> {
  const found: string[] = [];
  for (const { cookie, path, status, location } of chosenLocaleCases) {
    const res = await get(path, cookie);
    await res.arrayBuffer();
    const answer = {
      status: res.status,
      location: res.headers.get("Location"),
      cacheControl: res.headers.get("Cache-Control"),
    };
    const label = `${cookie ?? "no cookie"} ${path}`;
    if (answer.status !== status) found.push(`${label}: ${answer.status}, not ${status}`);
    const to = answer.location && new URL(answer.location, "http://x").toString().slice("http://x".length);
    if (location && to !== location) found.push(`${label}: to ${answer.location}, not ${location}`);
    if (location && answer.cacheControl !== "no-store") found.push(`${label}: Cache-Control ${answer.cacheControl}`);
  }
  return found;
}
