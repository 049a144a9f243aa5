import { Link } from "@tanstack/react-router";
import { getSessionManager, useSessionState } from "../../lib/session.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { ExternalLink } from "../external-link.tsx";
import { SiteLogo } from "./site-logo.tsx";

const footerLink =
  "inline-flex min-h-8 items-center gap-1.5 text-sage-100 underline-offset-4 hover:text-white hover:underline";

/** Footer on every page: the shop's name and promise, and the main links. */
export function SiteFooter() {
  // As the header: a visitor's links until the session is known, a member's after.
  const member = useSessionState()?.session != null;
  return (
    <footer className="on-dark mt-20 bg-sage-900 text-sage-100">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 pt-14 pb-10 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <SiteLogo tone="dark" />
          <p className="mt-4 text-[0.9375rem] leading-relaxed text-sage-200">{siteConfig.tagline}</p>
        </div>

        <nav aria-label="Explore">
          <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-sage-300">Explore</h2>
          <ul className="mt-3 space-y-1.5">
            <li>
              <Link to="/" className={footerLink}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/products" className={footerLink}>
                Products
              </Link>
            </li>
            <li>
              <Link to="/about" className={footerLink}>
                About
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Your account">
          <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-sage-300">Your account</h2>
          {member ? (
            <ul className="mt-3 space-y-1.5">
              <li>
                <Link to="/profile" className={footerLink}>
                  My Profile
                </Link>
              </li>
              <li>
                <button type="button" className={footerLink} onClick={() => void getSessionManager().signOut()}>
                  Sign Out
                </button>
              </li>
            </ul>
          ) : (
            <ul className="mt-3 space-y-1.5">
              <li>
                <Link to="/signup" className={footerLink}>
                  Take the temperament test
                </Link>
              </li>
              <li>
                <Link to="/signin" className={footerLink}>
                  Sign In
                </Link>
              </li>
            </ul>
          )}
        </nav>

        <div className="col-span-2 md:col-span-1">
          <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-sage-300">Shop</h2>
          <ul className="mt-3 space-y-1.5">
            <li>
              <ExternalLink href={siteConfig.shopUrl} className={footerLink} iconClassName="size-3.5">
                Visit our Etsy shop
              </ExternalLink>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 pr-20 text-sm text-sage-300 sm:flex-row sm:items-center sm:justify-between sm:pr-8">
          <p>
            © {new Date().getFullYear()} <span lang="tr">{siteConfig.name}</span>. All rights reserved.
          </p>
          <p>Our products support well-being; they are not a substitute for medical advice.</p>
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/privacy" className={footerLink}>
              Privacy policy
            </Link>
            <Link to="/terms" className={footerLink}>
              Terms of service
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
