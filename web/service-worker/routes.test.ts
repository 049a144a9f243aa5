import { beforeAll, describe, expect, it, vi } from "vitest";
import { isCataloguePage, isKnownPage, isPageNavigation } from "./routes.ts";

// Which requests the service worker answers as pages (ADR 0018). Node cannot build a request of
// mode "navigate", so the rules get the two fields they read.
const origin = "http://shop.test";
beforeAll(() => {
  vi.stubGlobal("self", { location: new URL(`${origin}/`) });
  return () => vi.unstubAllGlobals();
});

const navigation = { mode: "navigate" } as Request;
const isPage = (path: string, request = navigation) => isPageNavigation(request, new URL(path, origin));

describe("the service worker's page rules", () => {
  it.each(["/", "/products", "/products/1", "/products?category=2", "/about", "/signin", "/admin", "/reset-password"])(
    "answers a navigation to %s as a page",
    (path) => expect(isPage(path)).toBe(true),
  );

  it.each([
    "/api/auth/verify?token=abc",
    "/api",
    "/dev/mailbox",
    "/sw.js",
    "/manifest.webmanifest",
    "/images/a.jpg",
    // The server writes these from the catalogue (worker/routes/seo/); the app shell is not them.
    "/sitemap.xml",
    "/robots.txt",
  ])("leaves a navigation to %s to the network", (path) => expect(isPage(path)).toBe(false));

  it("leaves requests that are not navigations, and other origins, alone", () => {
    expect(isPage("/products", { mode: "cors" } as Request)).toBe(false);
    expect(isPageNavigation(navigation, new URL("https://elsewhere.example/products"))).toBe(false);
  });

  it("keeps only the pages the server renders: the catalogue's and the shop's own texts", () => {
    const kept = (path: string) => isCataloguePage(new URL(path, origin));
    expect(["/", "/products", "/products?category=3", "/products/7", "/about", "/privacy", "/terms"].map(kept)).toEqual(
      [true, true, true, true, true, true, true],
    );
    expect(["/products/7/reviews", "/productsx", "/signin", "/nope", "/about/team"].map(kept)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("knows the app's addresses; any other is a page that does not exist", () => {
    const known = (path: string) => isKnownPage(new URL(path, origin));
    expect(
      ["/", "/products/7", "/about", "/privacy", "/signin", "/admin", "/verify-email", "/app-shell"].every(known),
    ).toBe(true);
    expect(["/nope", "/products/7/reviews", "/signin/x", "/admin/users"].some(known)).toBe(false);
  });
});
