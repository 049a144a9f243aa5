import { Link, useLocation } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { Category } from "../../../worker/contract/catalogue.ts";
import { getSessionManager, signedIn, useSession } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { CloseIcon, MenuIcon } from "../icons.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { CategoryLinks } from "./category-links.tsx";
import { DisclosureButton } from "./disclosure-button.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { ProductsMenu } from "./products-menu.tsx";
import { SiteLogo } from "./site-logo.tsx";

const navLink =
  "whitespace-nowrap rounded-full px-2.5 py-2 lg:px-3 text-[0.9375rem] font-medium text-ink/85 transition-colors hover:bg-sage-100 hover:text-sage-900 data-[status=active]:text-sage-800 data-[status=active]:bg-sage-100";

const mobileLink =
  "flex min-h-12 items-center rounded-xl px-4 text-base font-medium text-ink hover:bg-sage-50 data-[status=active]:bg-sage-100 data-[status=active]:text-sage-900";

const signOut = () => void getSessionManager().signOut();

/**
 * Header on every page (docs/product.md §2): Home, Products (with categories), About, and Sign In / Sign Up
 * for a visitor or the Account menu for a member.
 */
export function SiteHeader({ categories }: { categories: readonly Category[] }) {
  // As a visitor while the server renders and the browser adopts that render.
  const member = useSession(signedIn);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const href = useLocation({ select: (location) => location.href });

  // The mobile menu closes on every route change (docs/product.md §2) ...
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a route change
  useEffect(() => setMenuOpen(false), [href]);

  // ... and on Escape, handing focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-sand/80 bg-cream/90 backdrop-blur-md supports-[backdrop-filter]:bg-cream/80">
      <div className="container-page flex h-16 items-center justify-between gap-4 md:h-[4.5rem]">
        <SiteLogo />

        <nav aria-label={m.header_main_nav()} className="hidden items-center gap-1 md:flex">
          <Link to="/" activeOptions={{ exact: true }} className={navLink}>
            {m.nav_home()}
          </Link>
          <ProductsMenu categories={categories} />
          <Link to="/about" className={navLink}>
            {m.nav_about()}
          </Link>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch className={navLink} compact />
          {/* One width for both, so the swap from the server's visitor header to a member's moves
              nothing (CLS 0), the language switch beside it included; the visitor's links stay
              hidden meanwhile (session-hint.ts). */}
          <div className="flex w-44 items-center justify-end gap-2 lg:w-48">
            {member ? (
              <AccountMenu onSignOut={signOut} />
            ) : (
              <>
                <Link to="/signin" className={`${navLink} visitor-only`}>
                  {m.nav_sign_in()}
                </Link>
                <Link
                  to="/signup"
                  className="btn btn-primary visitor-only min-h-10 whitespace-nowrap px-4 py-2 text-sm lg:px-5"
                >
                  {m.nav_sign_up()}
                </Link>
              </>
            )}
          </div>
        </div>

        <DisclosureButton
          ref={menuButton}
          className="-mr-2 grid size-11 place-items-center rounded-full text-sage-900 transition-colors hover:bg-sage-100 md:hidden"
          open={menuOpen}
          controls="mobile-menu"
          label={m.header_menu()}
          onToggle={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </DisclosureButton>
      </div>

      {/* Its links exist only while it is open: closed, they would only add to every page's
          markup and to the work of starting the app (a quarter of the header's links). */}
      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-sand bg-cream md:hidden"
      >
        {menuOpen ? <MobileNav categories={categories} member={member} onNavigate={close} /> : null}
      </div>
    </header>
  );
}

/** The phone menu's links (docs/product.md §2: the header's entries, categories included). */
function MobileNav({
  categories,
  member,
  onNavigate,
}: {
  categories: readonly Category[];
  member: boolean;
  onNavigate: () => void;
}) {
  return (
    <nav aria-label={m.header_mobile_nav()} className="container-page flex flex-col gap-1 py-4">
      <Link to="/" activeOptions={{ exact: true }} className={mobileLink} onClick={onNavigate}>
        {m.nav_home()}
      </Link>
      <Link to="/products" className={mobileLink} onClick={onNavigate}>
        {m.nav_products()}
      </Link>
      <CategoryLinks
        categories={categories}
        className="mb-1 ml-4 flex flex-col border-l-2 border-sage-200 pl-2"
        allLinkClassName={`${mobileLink} min-h-11 text-[0.9375rem] font-normal`}
        linkClassName={`${mobileLink} min-h-11 text-[0.9375rem] font-normal text-ink/85`}
        onNavigate={onNavigate}
      />
      <Link to="/about" className={mobileLink} onClick={onNavigate}>
        {m.nav_about()}
      </Link>
      <LanguageSwitch className={mobileLink} onNavigate={onNavigate} />
      {member ? (
        <div className="mt-3 grid grid-cols-2 gap-3 border-t border-sand pt-4">
          <Link to="/profile" className="btn btn-primary" onClick={onNavigate}>
            {m.nav_my_profile()}
          </Link>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              onNavigate();
              signOut();
            }}
          >
            {m.nav_sign_out()}
          </button>
        </div>
      ) : (
        <div className="mt-3 grid grid-cols-2 gap-3 border-t border-sand pt-4">
          <Link to="/signin" className="btn btn-outline" onClick={onNavigate}>
            {m.nav_sign_in()}
          </Link>
          <Link to="/signup" className="btn btn-primary" onClick={onNavigate}>
            {m.nav_sign_up()}
          </Link>
        </div>
      )}
    </nav>
  );
}
