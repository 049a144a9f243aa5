import { useEffect } from "react";
import { m } from "../paraglide/messages.js";
import { siteConfig } from "./site-config.ts";

/** Sets the tab title for the current screen: "Products · Doğal Yaşam". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${siteConfig.name}` : `${siteConfig.name} — ${m.page_default_title()}`;
  }, [title]);
}
