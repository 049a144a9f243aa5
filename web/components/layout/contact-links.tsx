import type { ComponentType, SVGProps } from "react";
import { siteConfig } from "../../lib/site-config.ts";
import { m } from "../../paraglide/messages.js";
import { ChatIcon, CloseIcon, InstagramIcon, MessageIcon, PinterestIcon, StoreIcon } from "../icons.tsx";
import { DisclosureButton } from "./disclosure-button.tsx";
import { useDisclosure } from "./use-disclosure.ts";

type ContactLink = {
  href: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  accent?: boolean;
};

/** docs/product.md §1's four outbound links; their labels are the Turkish ones the audience expects. */
const links = (): ContactLink[] => [
  { href: siteConfig.contact.chat, label: m.contact_chat(), Icon: ChatIcon, accent: true },
  { href: siteConfig.contact.store, label: m.contact_store(), Icon: StoreIcon },
  { href: siteConfig.contact.instagram, label: m.contact_instagram(), Icon: InstagramIcon },
  { href: siteConfig.contact.pinterest, label: m.contact_pinterest(), Icon: PinterestIcon },
];

const accentColours = "bg-terracotta-600 text-white ring-terracotta-700/30 hover:bg-terracotta-700";
const plainColours = "bg-white text-sage-700 ring-sand hover:bg-sage-700 hover:text-white";

/**
 * The floating column of icon links at the bottom right of every screen. Each opens in a new
 * tab; its label is the link's text, shown as a tooltip on hover and keyboard focus.
 *
 * On a phone a column of four would cover the right edge of what the shopper reads and taps
 * (a product card, the product page's Share button), so there one button opens it, with the
 * labels shown (a touch screen has no hover). It closes on Escape (focus back on the button), on
 * a tap or focus elsewhere, and on a route change.
 */
export function ContactLinks() {
  const { open, wrapperRef, panelId, button, onKeyDown, onBlur } = useDisclosure();

  return (
    <nav
      aria-label={m.contact_us()}
      lang="tr"
      className="pointer-events-none fixed right-3 bottom-3 z-30 pb-[env(safe-area-inset-bottom)] sm:right-5 sm:bottom-5"
    >
      {/* The button comes first for the keyboard, last on the screen: the column opens above it. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus leaving, as they bubble up from the button and the links */}
      <div ref={wrapperRef} onKeyDown={onKeyDown} onBlur={onBlur} className="flex flex-col-reverse items-end gap-2">
        <DisclosureButton
          {...button}
          label={m.contact_us()}
          className={`pointer-events-auto grid size-11 place-items-center rounded-full shadow-lift ring-1 sm:hidden ${
            open ? plainColours : accentColours
          }`}
        >
          {open ? <CloseIcon className="size-5" /> : <MessageIcon className="size-5" />}
        </DisclosureButton>
        <ul id={panelId} className={`${open ? "flex" : "hidden"} flex-col items-end gap-2 sm:flex sm:gap-2.5`}>
          {links().map(({ href, label, Icon, accent }) => (
            <li key={label} className="pointer-events-auto">
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className={`group relative grid size-11 place-items-center rounded-full shadow-lift ring-1 transition-[background-color,color,transform] duration-150 hover:-translate-y-0.5 sm:size-12 ${
                  accent ? accentColours : plainColours
                }`}
              >
                <Icon className="size-5 sm:size-[1.375rem]" />
                <span className="absolute top-1/2 right-full mr-3 -translate-y-1/2 whitespace-nowrap rounded-lg bg-sage-900 px-3 py-1.5 text-sm font-medium text-white shadow-soft transition-[opacity,transform] duration-150 sm:pointer-events-none sm:translate-x-1 sm:opacity-0 sm:group-hover:translate-x-0 sm:group-hover:opacity-100 sm:group-focus-visible:translate-x-0 sm:group-focus-visible:opacity-100">
                  {label}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
