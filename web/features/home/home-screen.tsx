import { Link } from "@tanstack/react-router";
import type { ComponentType, ReactNode, SVGProps } from "react";
import type { Temperament } from "../../../worker/contract/temperaments.ts";
import { ExploreProductsLink } from "../../components/explore-products-link.tsx";
import { ExternalLink } from "../../components/external-link.tsx";
import { ArrowRightIcon, HandHeartIcon, LeafIcon, ScrollIcon, SproutIcon } from "../../components/icons.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { temperamentNames } from "../../lib/temperament-names.ts";
import { m } from "../../paraglide/messages.js";
import { HeroArt } from "./hero-art.tsx";

type Value = { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

const values = (): Value[] => [
  {
    title: m.home_value_natural_title(),
    text: m.home_value_natural_text(),
    Icon: SproutIcon,
  },
  {
    title: m.home_value_tradition_title(),
    text: m.home_value_tradition_text(),
    Icon: ScrollIcon,
  },
  {
    title: m.home_value_handmade_title(),
    text: m.home_value_handmade_text(),
    Icon: HandHeartIcon,
  },
];

/** A signed-in member's suggestions: their dominant temperament and the products for their result. */
export type HomeSuggestions = { dominant: Temperament; products: ReactNode };

/** A signed-in member and their result as the device knows it (null: none yet, or not read here). */
export type HomeMember = { result: { dominant: Temperament; secondary: Temperament } | null };

/**
 * The home page (docs/product.md §2): hero, three value blocks, the temperament test invitation, the
 * featured products (passed in by the route, which composes the catalogue feature) and links
 * to the products page and the external shop. A signed-in member sees their result in the test's
 * place, and the products suggested for it before the featured ones (issue 30); signed out,
 * nothing changes.
 */
export function HomeScreen({
  featured,
  suggestions,
  member,
}: {
  featured: ReactNode;
  suggestions?: HomeSuggestions | null;
  /** Signed in as a member: the test block shows their result, not docs/product.md's invitation to sign up (issue 38). */
  member?: HomeMember | null;
}) {
  useDocumentTitle(undefined);
  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-sage-100),transparent_60%),radial-gradient(ellipse_at_bottom_left,var(--color-terracotta-50),transparent_55%)] [mask-image:linear-gradient(to_bottom,black_55%,transparent)]"
        />
        <div className="container-page grid items-center gap-10 pt-12 pb-14 sm:pt-16 sm:pb-20 lg:grid-cols-[1.15fr_0.85fr] lg:gap-16 lg:py-24">
          <div>
            <p className="eyebrow">{m.home_hero_eyebrow()}</p>
            <h1
              id="hero-title"
              className="mt-4 text-[2.375rem] font-semibold text-sage-900 sm:text-5xl lg:text-[3.5rem]"
            >
              {m.home_hero_title()}
            </h1>
            <p className="mt-6 max-w-xl text-[1.0625rem] leading-relaxed text-muted sm:text-lg">{m.home_hero_text()}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ExploreProductsLink />
              <ExternalLink href={siteConfig.shopUrl} className="btn btn-outline px-6">
                {m.visit_etsy_shop()}
              </ExternalLink>
            </div>
          </div>
          <HeroArt className="mx-auto w-full max-w-[17rem] sm:max-w-xs lg:max-w-md" />
        </div>
      </section>

      <section aria-labelledby="values-title" className="container-page py-8 sm:py-12">
        <h2 id="values-title" className="sr-only">
          {m.home_values_title({ shop: siteConfig.name })}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {values().map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl border border-sand bg-white/70 p-6 shadow-soft sm:p-7">
              <span className="grid size-12 place-items-center rounded-full bg-sage-100 text-sage-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-sage-900">{title}</h3>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="test-title" className="container-page py-8 sm:py-12">
        {member ? <MemberTestCard result={member.result} /> : <TestInvitation />}
      </section>

      {/* Below the first screen: the app adds it after the server's page is painted, and content
          moving in view would be a layout shift. */}
      {suggestions ? <SuggestionsSection {...suggestions} /> : null}

      <section aria-labelledby="featured-title" className="container-page py-8 sm:py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">{m.home_featured_eyebrow()}</p>
            <h2 id="featured-title" className="mt-2 text-3xl font-semibold text-sage-900 sm:text-4xl">
              {m.home_featured_title()}
            </h2>
          </div>
          <Link
            to="/products"
            className="hidden items-center gap-1.5 font-semibold text-sage-700 underline-offset-4 hover:underline sm:inline-flex"
          >
            {m.home_view_all_products()}
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <div className="mt-8">{featured}</div>
        <div className="mt-10 flex flex-col items-center gap-4 rounded-2xl bg-linen px-6 py-8 text-center sm:flex-row sm:justify-between sm:text-left">
          <p className="max-w-xl text-muted">{m.home_etsy_note()}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/products" className="btn btn-primary">
              {m.home_view_all_products()}
            </Link>
            <ExternalLink href={siteConfig.shopUrl} className="btn btn-accent">
              {m.home_shop_on_etsy()}
            </ExternalLink>
          </div>
        </div>
      </section>
    </>
  );
}

function SuggestionsSection({ dominant, products }: HomeSuggestions) {
  const name = temperamentNames[dominant];
  return (
    <section aria-labelledby="suggested-title" className="container-page py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="suggested-title" className="text-3xl font-semibold text-sage-900 sm:text-4xl">
            {m.home_suggested_title()}
          </h2>
          <p className="mt-2 text-lg font-semibold text-terracotta-700">{name}</p>
        </div>
        <Link
          to="/products"
          search={{ temperament: dominant }}
          className="inline-flex items-center gap-1.5 font-semibold text-sage-700 underline-offset-4 hover:underline"
        >
          {m.home_all_products_for({ temperament: name })}
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <div className="mt-8">{products}</div>
    </section>
  );
}

/** The test's card: sage, with a leaf drawn in its corner. */
function TestCard({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={`relative overflow-hidden rounded-3xl bg-sage-800 px-6 py-10 text-cream shadow-lift sm:px-12 sm:py-14 ${className}`}
    >
      <LeafIcon
        aria-hidden="true"
        className="pointer-events-none absolute -right-10 -bottom-16 size-56 -rotate-12 text-sage-600/60 sm:right-6 sm:-bottom-10 sm:size-80"
        strokeWidth={0.6}
      />
      <div className="relative max-w-2xl">{children}</div>
    </div>
  );
}

const eyebrowClass = "text-sm font-semibold uppercase tracking-[0.14em] text-terracotta-200";
const titleClass = "mt-3 text-3xl font-semibold text-white sm:text-4xl";
const textClass = "mt-4 text-[1.0625rem] leading-relaxed text-sage-100 sm:text-lg";

/** docs/product.md §2's heading linking to /signup, for visitors: the whole card is the link. */
function TestInvitation() {
  return (
    <TestCard className="group transition-colors hover:bg-sage-900">
      <p className={eyebrowClass}>{m.home_test_eyebrow()}</p>
      <h2 id="test-title" className={titleClass}>
        <Link
          to="/signup"
          className="outline-none after:absolute after:inset-0 after:rounded-3xl focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-terracotta-200"
        >
          {m.home_test_title()}
        </Link>
      </h2>
      <p className={textClass}>{m.home_test_text()}</p>
      <span
        aria-hidden="true"
        className="mt-7 inline-flex items-center gap-2 rounded-full bg-terracotta-600 px-5 py-2.5 font-semibold text-white shadow-soft transition-colors group-hover:bg-terracotta-700"
      >
        {m.home_test_start()}
        <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </TestCard>
  );
}

/** A member has taken the test: their result and the ways to its products and their profile. */
function MemberTestCard({ result }: HomeMember) {
  return (
    <TestCard>
      <p className={eyebrowClass}>{m.home_member_test_eyebrow()}</p>
      {result ? (
        <>
          <h2 id="test-title" className={titleClass}>
            {m.home_your_temperament({ temperament: temperamentNames[result.dominant] })}
          </h2>
          <p className={textClass}>
            {m.home_your_secondary_temperament({ temperament: temperamentNames[result.secondary] })}
          </p>
        </>
      ) : (
        <>
          <h2 id="test-title" className={titleClass}>
            {m.home_result_pending_title()}
          </h2>
          <p className={textClass}>{m.home_result_pending_text()}</p>
        </>
      )}
      <div className="mt-7 flex flex-wrap gap-3">
        {result ? (
          <Link
            to="/products"
            search={{ temperament: result.dominant }}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-terracotta-600 px-5 py-2.5 font-semibold text-white shadow-soft transition-colors hover:bg-terracotta-700"
          >
            {m.home_products_for({ temperament: temperamentNames[result.dominant] })}
            <ArrowRightIcon className="size-4" />
          </Link>
        ) : null}
        <Link
          to="/profile"
          className="inline-flex min-h-11 items-center rounded-full px-5 py-2.5 font-semibold text-white ring-1 ring-sage-100/60 transition-colors hover:bg-sage-700"
        >
          {m.home_your_profile()}
        </Link>
      </div>
    </TestCard>
  );
}
