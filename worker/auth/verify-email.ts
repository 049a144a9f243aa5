import { and, eq, ne } from "drizzle-orm";
import { listProducts } from "../catalogue/catalogue-queries.ts";
import type { VerifyProblem } from "../contract/auth.ts";
import type { Product } from "../contract/catalogue.ts";
import { localizedPath } from "../contract/locales.ts";
import type { MemberLocale } from "../contract/member-locale.ts";
import { parsePhotoAddress, photoVariantPath, photoWidthsFor } from "../contract/photos.ts";
import type { SharePreviews } from "../contract/share-previews.ts";
import { shownName } from "../contract/shown-text.ts";
import { suggestedProducts } from "../contract/suggestions.ts";
import type { Temperament } from "../contract/temperaments.ts";
import type { Database, Transaction } from "../db/client.ts";
import { registrations, users } from "../db/schema.ts";
import { type SuggestedProductLink, temperamentResultEmail } from "../email/messages.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { writeAnswers } from "./sign-up.ts";
import { hashToken } from "./tokens.ts";

/** docs/product.md §1: the test result is e-mailed within 24 hours of registering. */
export const resultDeadlineMs = 24 * 60 * 60 * 1000;

export type VerifyOutcome = "verified" | VerifyProblem;

export type VerifyDeps = {
  db: Database;
  now: Date;
  /** RESULT_EMAIL_DELAY_MINUTES, in milliseconds. */
  resultDelayMs: number;
  /** The absolute address of a path on the shop (PUBLIC_URL's origin, ADR 0037), for the e-mail's links. */
  siteUrl: (path: string) => string;
  /** The build's PNG previews of the shop's SVG illustrations, which mail clients do not show (ADR 0059). */
  previews: SharePreviews | null;
};

export type Registration = typeof registrations.$inferSelect;

/** The registration a verification link names, if the link still works; nothing is used up. */
export async function findRegistration(
  db: Database,
  token: string,
  now: Date,
): Promise<
  { ok: true; registration: Registration } | { ok: false; problem: VerifyProblem; locale: MemberLocale | undefined }
> {
  const registration = await db.query.registrations.findFirst({
    where: eq(registrations.tokenHash, await hashToken(token)),
  });
  const problem = linkProblem(registration, now);
  return registration && !problem
    ? { ok: true, registration }
    : { ok: false, problem: problem ?? "invalid", locale: registration?.locale };
}

const linkProblem = (registration: Registration | undefined, now: Date): VerifyProblem | null => {
  if (!registration) return "invalid";
  if (registration.confirmedAt) return "used";
  if (registration.expiresAt <= now) return "expired";
  return null;
};

/**
 * Confirms the address a verification link was sent to, once, with exactly what that link's
 * sign-up chose: its password, names, answers and result become the member's
 * (docs/decisions/0034-pending-registrations.md). The caller has checked that the person who
 * follows the link chose them: the browser that signed up, or the password typed.
 *
 * In one immediate transaction: the member confirmed, the address's other registrations dropped
 * (their links stop working), this one kept without its password so its link can say it was
 * used, and the temperament result e-mail written. The result waits the configured delay, but
 * never past 24 hours after this sign-up (if it is confirmed later, it leaves at once).
 */
export async function confirmRegistration(deps: VerifyDeps, token: string): Promise<VerifyOutcome> {
  const { db, now } = deps;
  const tokenHash = await hashToken(token);
  return db.transaction(
    async (tx) => {
      const registration = await tx.query.registrations.findFirst({ where: eq(registrations.tokenHash, tokenHash) });
      const problem = linkProblem(registration, now);
      if (!registration || problem) return problem ?? "invalid";
      const { id, email, firstName, lastName, passwordHash, locale, answers, temperament, createdAt } = registration;

      const existing = await tx.query.users.findFirst({ where: eq(users.email, email) });
      // Confirmed meanwhile (a reset link proves the address too): nothing of this sign-up is taken.
      if (existing?.emailVerifiedAt) {
        await tx.delete(registrations).where(eq(registrations.email, email));
        return "used";
      }
      const member = { firstName, lastName, passwordHash, locale, emailVerifiedAt: now, createdAt, updatedAt: now };
      const userId = existing?.id ?? crypto.randomUUID();
      if (existing) await tx.update(users).set(member).where(eq(users.id, userId));
      else await tx.insert(users).values({ id: userId, email, ...member });
      await writeAnswers(tx, userId, answers, temperament, now);

      await tx.delete(registrations).where(and(eq(registrations.email, email), ne(registrations.id, id)));
      await tx.update(registrations).set({ confirmedAt: now, passwordHash: "" }).where(eq(registrations.id, id));

      const deadline = createdAt.getTime() + resultDeadlineMs;
      const sendAt = Math.max(now.getTime(), Math.min(now.getTime() + deps.resultDelayMs, deadline));
      await enqueueEmail(tx, {
        kind: "temperament_result",
        to: email,
        userId,
        // In the sign-up page's language, with links to that language's pages (ADR 0083).
        content: temperamentResultEmail(
          firstName,
          temperament,
          deps.siteUrl(localizedPath("/profile", locale)),
          await suggestionLinks(tx, temperament, deps, locale),
          locale,
        ),
        sendAfter: new Date(sendAt),
      });
      return "verified";
    },
    { behavior: "immediate" },
  );
}

/**
 * The e-mail's picture 96 px wide is sharp at 2× from a variant 192 px wide: the smallest stored
 * variant at least that wide (the 480 one, or the photo itself when it is narrower) goes to the
 * clients that ignore `srcset`, so none downloads the 1600 px file for a thumbnail.
 */
const emailPictureMinWidth = 192;

/** A stored photo's `src` and `srcset` in absolute addresses, or null for any other image. */
function storedPhotoPicture(image: string, siteUrl: (path: string) => string) {
  const photo = parsePhotoAddress(image);
  if (!photo) return null;
  const widths = photoWidthsFor(photo.width);
  const small = widths.find((width) => width >= emailPictureMinWidth) ?? photo.width;
  return {
    picture: siteUrl(photoVariantPath(photo, small)),
    pictureSrcSet: widths.map((width) => `${siteUrl(photoVariantPath(photo, width))} ${width}w`).join(", "),
  };
}

/**
 * The products the result e-mail suggests (worker/contract/suggestions.ts, the rule the site's
 * screens use), with absolute addresses: a mail client has no page to resolve `/images/…` or
 * `/products/7` against. A picture that is not http(s) once resolved is left out.
 */
async function suggestionLinks(
  db: Transaction,
  result: { dominant: Temperament; secondary: Temperament },
  { siteUrl, previews }: Pick<VerifyDeps, "siteUrl" | "previews">,
  locale: MemberLocale,
): Promise<SuggestedProductLink[]> {
  return suggestedProducts(await listProducts(db), result).map((product: Product) => {
    const first = product.images.find((image) => image.trim() !== "");
    const photo = first === undefined ? null : storedPhotoPicture(first, siteUrl);
    // Gmail and Outlook show no SVG: a shop illustration is sent as its link preview's PNG.
    const shown = first === undefined ? undefined : (previews?.images[first] ?? first);
    const picture = shown === undefined ? null : URL.parse(shown, siteUrl("/"));
    // The English name to a member who reads English, where the admin wrote one (ADR 0087).
    const { text: name, lang } = shownName(product, locale);
    return {
      name,
      lang,
      link: siteUrl(localizedPath(`/products/${product.id}`, locale)),
      ...(photo ?? {
        picture: picture && (picture.protocol === "https:" || picture.protocol === "http:") ? picture.href : null,
      }),
    };
  });
}
