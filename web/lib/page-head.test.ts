import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { createPageHead } from "./page-head.ts";

// A product page as the server writes its head (worker/routes/pages/page-shell.ts).
const served = `<!doctype html><html><head><title>Ihlamur</title>
<link rel="canonical" href="https://shop.example/products/7" />
<script type="application/ld+json">{"@type":"Product"}</script>
<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>
</head><body><div id="root"></div></body></html>`;

const headOf = (document: Document) => ({
  canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
  structuredData: document.querySelectorAll('script[type="application/ld+json"]').length,
});

describe("the page's head as the shopper moves between screens", () => {
  it("follows the address with the canonical link, keeping the shop's address and the page's parameters", () => {
    const { document } = new JSDOM(served).window;
    const follow = createPageHead(document, "/products/7?utm_source=x");
    follow("/products/7?utm_source=x");
    expect(headOf(document)).toEqual({ canonical: "https://shop.example/products/7", structuredData: 2 });

    follow("/products?category=2&temperament=melancholic&utm_source=x");
    expect(headOf(document)).toEqual({
      canonical: "https://shop.example/products?category=2&temperament=melancholic",
      structuredData: 0,
    });

    // Back on the page the server answered: its own tags again.
    follow("/products/7?utm_source=x");
    expect(headOf(document)).toEqual({ canonical: "https://shop.example/products/7", structuredData: 2 });
  });

  it("leaves a page without a canonical link (the plain shell) alone", () => {
    const { document } = new JSDOM("<!doctype html><html><head></head><body></body></html>").window;
    createPageHead(document, "/signin")("/products/7");
    expect(headOf(document)).toEqual({ canonical: undefined, structuredData: 0 });
  });
});
