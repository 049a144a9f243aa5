import type { ComponentType, SVGProps } from "react";
import { siteConfig } from "../../lib/site-config.ts";
import { ChatIcon, InstagramIcon, PinterestIcon, StoreIcon } from "../icons.tsx";

type ContactLink = {
  href: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  accent?: boolean;
};

/** SPEC §1's four outbound links; their labels are the Turkish ones the audience expects. */
const links: ContactLink[] = [
  { href: siteConfig.contact.chat, label: "Bize WhatsApp'tan yazın", Icon: ChatIcon, accent: true },
  { href: siteConfig.contact.store, label: "Etsy mağazamız", Icon: StoreIcon },
  { href: siteConfig.contact.instagram, label: "Instagram sayfamız", Icon: InstagramIcon },
  { href: siteConfig.contact.pinterest, label: "Pinterest panolarımız", Icon: PinterestIcon },
];

/**
 * The floating column of icon links at the bottom right of every screen. Each opens in a new
 * tab; its label is the link's text, shown as a tooltip on hover and keyboard focus.
 */
export function ContactLinks() {
  return (
    <nav
      aria-label="Bize ulaşın"
      lang="tr"
      className="pointer-events-none fixed right-3 bottom-3 z-30 pb-[env(safe-area-inset-bottom)] sm:right-5 sm:bottom-5"
    >
      <ul className="flex flex-col items-end gap-2 sm:gap-2.5">
        {links.map(({ href, label, Icon, accent }) => (
          <li key={label} className="pointer-events-auto">
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className={`group relative grid size-10 place-items-center rounded-full shadow-lift ring-1 transition-[background-color,color,transform] duration-150 hover:-translate-y-0.5 sm:size-12 ${
                accent
                  ? "bg-terracotta-600 text-white ring-terracotta-700/30 hover:bg-terracotta-700"
                  : "bg-white text-sage-700 ring-sand hover:bg-sage-700 hover:text-white"
              }`}
            >
              <Icon className="size-[1.125rem] sm:size-[1.375rem]" />
              <span className="pointer-events-none absolute top-1/2 right-full mr-3 -translate-y-1/2 translate-x-1 whitespace-nowrap rounded-lg bg-sage-900 px-3 py-1.5 text-sm font-medium text-white opacity-0 shadow-soft transition-[opacity,transform] duration-150 group-hover:translate-x-0 group-hover:opacity-100 group-focus-visible:translate-x-0 group-focus-visible:opacity-100">
                {label}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
