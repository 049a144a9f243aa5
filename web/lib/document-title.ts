import { useEffect } from "react";
import { siteTitles } from "../../worker/contract/site-texts.ts";
import { getLocale } from "../paraglide/runtime.js";
import { siteConfig } from "./site-config.ts";

/** Sets the tab title for the current screen: "Products · Doğal Yaşam". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${siteConfig.name}` : siteTitles[getLocale()];
  }, [title]);
}
