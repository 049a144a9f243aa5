import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { canonicalUrl } from "../../worker/contract/canonical-url.ts";

/**
 * Keeps the head the server wrote (ADR 0054) true as the shopper moves between screens, as
 * useDocumentTitle does for the title: the canonical address follows the address, and the
 * JSON-LD, which describes the page the server answered, is there only while that page is shown.
 * `servedPath` is the address the document was served for; a page without a canonical link (the
 * plain shell) is left alone.
 */
export function createPageHead(doc: Document, servedPath: string): (path: string) => void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const served = link?.getAttribute("href");
  const structuredData = [...doc.querySelectorAll('script[type="application/ld+json"]')];
  return (path) => {
    if (!link || !served) return;
    // The served page's own tags as the server wrote them, from its address and its data.
    const onServedPage = path === servedPath;
    link.setAttribute("href", onServedPage ? served : canonicalUrl(path, new URL(served).origin));
    for (const script of structuredData) {
      if (!onServedPage) script.remove();
      else if (!script.isConnected) doc.head.append(script);
    }
  };
}

let pageHead: ((path: string) => void) | undefined;

/** Follows the router's address with the page's head (the root layout calls it once). */
export function usePageHead(): void {
  const href = useLocation({ select: (location) => location.href });
  useEffect(() => {
    pageHead ??= createPageHead(document, `${window.location.pathname}${window.location.search}`);
    pageHead(href);
  }, [href]);
}
