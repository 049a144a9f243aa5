import { Link } from "@tanstack/react-router";
import { m } from "../../paraglide/messages.js";
import { ChevronDownIcon, UserIcon } from "../icons.tsx";
import { DisclosureButton } from "./disclosure-button.tsx";
import { useDisclosure } from "./use-disclosure.ts";

/**
 * The member's Account menu in the header (docs/product.md §2): My Profile and Sign Out. A disclosure
 * (button + panel) rather than an ARIA menu: its two entries are an ordinary link and button.
 * Escape, leaving it, a tap elsewhere or navigating closes it.
 */
export function AccountMenu({ onSignOut }: { onSignOut(): void }) {
  const { open, setOpen, wrapperRef, panelId, button, onKeyDown, onBlur } = useDisclosure();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only listens for Escape and focus leaving; the button is the control
    <div ref={wrapperRef} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <DisclosureButton
        {...button}
        className="inline-flex min-h-10 items-center gap-2 rounded-full border border-sand bg-white px-4 py-2 text-[0.9375rem] font-medium text-sage-900 transition-colors hover:bg-sage-50"
        label={m.account_menu()}
      >
        <UserIcon className="size-5" />
        <span aria-hidden="true">{m.account_menu()}</span>
        <ChevronDownIcon className={`size-4 transition-transform duration-200 ${open ? "rotate-180" : ""}`} />
      </DisclosureButton>

      <div id={panelId} hidden={!open} className="absolute right-0 top-full z-50 pt-2">
        <div className="flex w-48 flex-col overflow-hidden rounded-2xl border border-sand bg-white p-2 shadow-lift">
          <Link
            to="/profile"
            className="flex rounded-xl px-3 py-2.5 font-medium text-ink hover:bg-sage-50 data-[status=active]:bg-sage-50"
          >
            {m.nav_my_profile()}
          </Link>
          <button
            type="button"
            className="flex rounded-xl px-3 py-2.5 text-left font-medium text-ink hover:bg-sage-50"
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            {m.nav_sign_out()}
          </button>
        </div>
      </div>
    </div>
  );
}
