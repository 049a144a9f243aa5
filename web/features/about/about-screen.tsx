import { Link } from "@tanstack/react-router";
import { ExploreProductsLink } from "../../components/explore-products-link.tsx";
import { LeafIcon } from "../../components/icons.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

/** The story's running text, before the pull quote and after it: one look for both. */
const storyText = "space-y-6 text-[1.0625rem] leading-relaxed text-ink";

/**
 * The founder's story (docs/product.md §2). Draft text for the owner to edit: plain paragraphs, one pull
 * quote, a link to the products.
 */
export function AboutScreen() {
  useDocumentTitle("Our story");
  return (
    <article className="pb-16 sm:pb-24">
      <header className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 [mask-image:linear-gradient(to_bottom,black_55%,transparent)] bg-[radial-gradient(ellipse_at_top_left,var(--color-sage-100),transparent_60%),radial-gradient(ellipse_at_bottom_right,var(--color-terracotta-50),transparent_55%)]"
        />
        <div className="container-page max-w-3xl pt-12 pb-10 sm:pt-16 sm:pb-14">
          <p className="eyebrow">Our story</p>
          <h1 className="mt-4 text-4xl font-semibold text-sage-900 sm:text-5xl">
            From my grandmother’s garden to your home
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-muted">
            Doğal Yaşam began in a village kitchen in Anatolia, with a grandmother, a shelf of glass jars and a notebook
            of remedies written in pencil.
          </p>
        </div>
      </header>

      <div className="container-page max-w-3xl">
        <div className={storyText}>
          <p>
            I am <span lang="tr">Ayşe Demir</span>, and I grew up spending my summers in my grandmother’s village near
            Kastamonu. Every morning she walked the hillsides with a cloth bag, gathering linden blossoms, nettle and
            wild sage. By evening the kitchen smelled of drying herbs, and neighbours knocked on the door asking for “
            <span lang="tr">Fatma Nine</span>’s tea” for a cough, a restless night or a tired stomach.
          </p>
          <p>
            She never called it medicine. To her it was simply knowing people: who ran hot and restless, who was cold
            and slow, who needed calming and who needed warming. Years later I recognised her way of thinking in the
            four temperaments of classical medicine, the same tradition that guided Anatolian healers for centuries.
          </p>
        </div>

        <figure className="my-10 rounded-3xl bg-sage-800 px-6 py-8 text-cream shadow-lift sm:my-12 sm:px-10 sm:py-10">
          <LeafIcon className="size-8 text-terracotta-200" />
          <blockquote className="mt-4 font-serif text-2xl leading-snug text-white sm:text-[1.75rem]">
            <p>“A remedy is only as good as the hands that gathered it and the care with which it was made.”</p>
          </blockquote>
          <figcaption className="mt-4 text-sm text-sage-100">
            My grandmother, <span lang="tr">Fatma Nine</span>
          </figcaption>
        </figure>

        <div className={storyText}>
          <p>
            I went on to study food engineering in Ankara and later trained in phytotherapy, wanting to understand why
            her remedies worked and how to prepare them safely. Along the way I met beekeepers in the Black Sea
            highlands, soap makers in Gaziantep and small farmers who still press their oils cold, the old way.
          </p>
          <p>
            In 2019 I started Doğal Yaşam from a small workshop in Istanbul to bring their work to more homes. Today we
            still prepare everything in small batches and pack every order by hand. We choose each product for its
            purity and tell you honestly what it is and where it comes from, so you can make gentle, natural care part
            of your everyday life.
          </p>
          <p>
            Thank you for being here. I hope something on our shelves brings a little of my grandmother’s kitchen into
            yours.
          </p>
          <p className="font-serif text-xl text-sage-900">
            — <span lang="tr">Ayşe Demir</span>, founder
          </p>
        </div>

        <div className="mt-12 flex flex-wrap gap-3">
          <ExploreProductsLink />
          <Link to="/signup" className="btn btn-outline px-6">
            Take the temperament test
          </Link>
        </div>
      </div>
    </article>
  );
}
