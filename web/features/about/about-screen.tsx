import { Link } from "@tanstack/react-router";
import { ExploreProductsLink } from "../../components/explore-products-link.tsx";
import { LeafIcon } from "../../components/icons.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { m } from "../../paraglide/messages.js";

/** The story's running text, before the pull quote and after it: one look for both. */
const storyText = "space-y-6 text-[1.0625rem] leading-relaxed text-ink";

/**
 * The founder's story (docs/product.md §2). Draft text for the owner to edit: plain paragraphs, one pull
 * quote, a link to the products.
 */
export function AboutScreen() {
  useDocumentTitle(m.about_eyebrow());
  return (
    <article className="pb-16 sm:pb-24">
      <header className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 [mask-image:linear-gradient(to_bottom,black_55%,transparent)] bg-[radial-gradient(ellipse_at_top_left,var(--color-sage-100),transparent_60%),radial-gradient(ellipse_at_bottom_right,var(--color-terracotta-50),transparent_55%)]"
        />
        <div className="container-page max-w-3xl pt-12 pb-10 sm:pt-16 sm:pb-14">
          <p className="eyebrow">{m.about_eyebrow()}</p>
          <h1 className="mt-4 text-4xl font-semibold text-sage-900 sm:text-5xl">{m.about_title()}</h1>
          <p className="mt-6 text-lg leading-relaxed text-muted">{m.about_lead()}</p>
        </div>
      </header>

      <div className="container-page max-w-3xl">
        <div className={storyText}>
          <p>
            {m.about_story_i_am()}
            <span lang="tr">{m.about_founder_name()}</span>
            {m.about_story_summers()}
            <span lang="tr">{m.about_grandmother_name()}</span>
            {m.about_story_tea()}
          </p>
          <p>{m.about_story_childhood()}</p>
        </div>

        <figure className="my-10 rounded-3xl bg-sage-800 px-6 py-8 text-cream shadow-lift sm:my-12 sm:px-10 sm:py-10">
          <LeafIcon className="size-8 text-terracotta-200" />
          <blockquote className="mt-4 font-serif text-2xl leading-snug text-white sm:text-[1.75rem]">
            <p>{m.about_quote()}</p>
          </blockquote>
          <figcaption className="mt-4 text-sm text-sage-100">
            {m.about_quote_by()}
            <span lang="tr">{m.about_grandmother_name()}</span>
          </figcaption>
        </figure>

        <div className={storyText}>
          <p>{m.about_story_studies()}</p>
          <p>{m.about_story_workshop()}</p>
          <p>{m.about_story_thanks()}</p>
          <p className="font-serif text-xl text-sage-900">
            — <span lang="tr">{m.about_founder_name()}</span>
            {m.about_signature_role()}
          </p>
        </div>

        <div className="mt-12 flex flex-wrap gap-3">
          <ExploreProductsLink />
          <Link to="/signup" className="btn btn-outline px-6">
            {m.take_temperament_test()}
          </Link>
        </div>
      </div>
    </article>
  );
}
