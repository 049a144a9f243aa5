import { Link } from "@tanstack/react-router";
import { siteConfig } from "../../lib/site-config.ts";
import { m } from "../../paraglide/messages.js";
import { LeafIcon } from "../icons.tsx";

/** The shop's mark and name, linking home. */
export function SiteLogo({ tone = "light" }: { tone?: "light" | "dark" }) {
  const dark = tone === "dark";
  return (
    <Link
      to="/"
      className="group inline-flex shrink-0 items-center gap-2.5 whitespace-nowrap rounded-full no-underline"
    >
      <span
        className={`grid size-9 shrink-0 place-items-center rounded-full transition-colors ${
          dark ? "bg-sage-700 text-sage-100" : "bg-sage-700 text-cream group-hover:bg-sage-800"
        }`}
      >
        <LeafIcon className="size-5" />
      </span>
      <span className="flex flex-col leading-none">
        <span
          lang="tr"
          className={`font-serif text-xl font-semibold tracking-tight ${dark ? "text-cream" : "text-sage-900"}`}
        >
          {siteConfig.name}
        </span>
        <span
          className={`mt-1 text-[0.6875rem] font-semibold uppercase tracking-[0.16em] ${
            dark ? "text-sage-200" : "text-sage-700"
          }`}
        >
          {m.site_logo_tagline()}
        </span>
      </span>
    </Link>
  );
}
