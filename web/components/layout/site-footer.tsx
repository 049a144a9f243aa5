import { Link } from "@tanstack/react-router";
import { getSessionManager, signedIn, useSession } from "../../lib/session.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { m } from "../../paraglide/messages.js";
import { ExternalLink } from "../external-link.tsx";
import { SiteLogo } from "./site-logo.tsx";

const footerLink =
  "inline-flex min-h-8 items-center gap-1.5 text-sage-100 underline-offset-4 hover:text-white hover:underline";

/** Footer on every page: the shop's name and promise, and the main links. */
export function SiteFooter() {
  // As the header: a visitor's links until the session is known, a member's after.
  const member = useSession(signedIn);
  return (
    <footer className="on-dark mt-20 bg-sage-900 text-sage-100">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 pt-14 pb-10 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <SiteLogo tone="dark" />
          <p className="mt-4 text-[0.9375rem] leading-relaxed text-sage-200">{m.page_site_tagline()}</p>
        </div>

        <nav aria-label={m.footer_explore()}>
          <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-sage-300">
            {m.footer_explore()}
          </h2>
          <ul className="mt-3 space-y-1.5">
            <li>
              <Link to="/" className={footerLink}>
                {m.nav_home()}
              </Link>
            </li>
            <li>
              <Link to="/products" className={footerLink}>
                {m.nav_products()}
              </Link>
            </li>
            <li>
              <Link to="/about" className={footerLink}>
                {m.nav_about()}
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label={m.footer_your_account()}>
          <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-sage-300">
            {m.footer_your_account()}
          </h2>
          {member ? (
            <ul className="mt-3 space-y-1.5">
              <li>
                <Link to="/profile" className={footerLink}>
                  {m.nav_my_profile()}
                </Link>
              </li>
              <li>
                <button type="button" className={footerLink} onClick={() => void getSessionManager().signOut()}>
                  {m.nav_sign_out()}
                </button>
              </li>
            </ul>
          ) : (
            <ul className="mt-3 space-y-1.5">
              <li>
                <Link to="/signup" className={footerLink}>
                  {m.take_temperament_test()}
                </Link>
              </li>
              <li>
                <Link to="/signin" className={footerLink}>
                  {m.nav_sign_in()}
                </Link>
              </li>
            </ul>
          )}
        </nav>

        <div className="col-span-2 md:col-span-1">
          <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.16em] text-sage-300">
            {m.footer_shop()}
          </h2>
          <ul className="mt-3 space-y-1.5">
            <li>
              <ExternalLink href={siteConfig.shopUrl} className={footerLink} iconClassName="size-3.5">
                {m.visit_etsy_shop()}
              </ExternalLink>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 pr-20 text-sm text-sage-300 sm:flex-row sm:items-center sm:justify-between sm:pr-8">
          <p>
            © {new Date().getFullYear()} <span lang="tr">{siteConfig.name}</span>
            {m.footer_rights_reserved()}
          </p>
          <p>{m.footer_disclaimer()}</p>
          <nav aria-label={m.footer_legal()} className="flex gap-4">
            <Link to="/privacy" className={footerLink}>
              {m.footer_privacy_policy()}
            </Link>
            <Link to="/terms" className={footerLink}>
              {m.footer_terms_of_service()}
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
