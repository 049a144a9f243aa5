import type { ReactNode } from "react";
import { ContactLinks } from "./contact-links.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** The frame of every screen: skip link, header, main landmark, footer, contact column. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only-focusable fixed top-3 left-3 z-50 rounded-full bg-sage-900 px-4 py-2 font-medium text-white shadow-lift"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
      <ContactLinks />
    </div>
  );
}
