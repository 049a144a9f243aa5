import type { MemberLocale } from "../contract/member-locale.ts";
import type { Temperament } from "../db/schema.ts";
import { emailTexts, shopName } from "../i18n/email-texts.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { temperamentDescriptions } from "../survey/temperament.ts";

/** An e-mail's content, in plain text and HTML (both, for every client). */
export type EmailContent = { subject: string; text: string; html: string };

/**
 * More content between an e-mail's paragraphs and its closing ones, in both forms: `html` already
 * escaped, `text` as lines.
 */
type Section = { html: string; text: string[] };

/** Plain-text paragraphs as the e-mail's HTML shows them. */
const htmlParagraphs = (paragraphs: readonly string[]) =>
  paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6;color:#3b3f36">${escapeHtml(p)}</p>`).join("");

/**
 * The shop's e-mail look: a narrow card, the shop's greens and cream, inline styles only (mail
 * clients drop style sheets). `paragraphs` and `closing` are plain text, `section` comes between
 * them; `button` names the one link to follow.
 */
function layout(
  title: string,
  { paragraphs, section, closing }: { paragraphs: string[]; section?: Section; closing: string[] },
  button: string,
  link: string,
  locale: MemberLocale,
): string {
  const t = emailTexts[locale];
  const body = htmlParagraphs(paragraphs) + (section?.html ?? "") + htmlParagraphs(closing);
  const action = `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#3f5a3c;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b6f63">${escapeHtml(t.email_button_fallback)}<br>${escapeHtml(link)}</p>`;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f8f5ee;font-family:Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px;border-radius:24px;background:#ffffff;border:1px solid #e8e0cf">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:20px;font-weight:700;color:#26321f">${shopName}</p>
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:24px;color:#26321f">${escapeHtml(title)}</h1>
${body}${action}
<p style="margin:32px 0 0;font-size:12px;color:#8a8d80">${shopName} · ${escapeHtml(t.email_tagline)}</p>
</div></body></html>`;
}

const plain = (
  title: string,
  { paragraphs, section, closing }: { paragraphs: string[]; section?: Section; closing: string[] },
  link: string,
) =>
  [
    title,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(section?.text ?? []),
    ...closing.flatMap((p) => [p, ""]),
    link,
    "",
    `— ${shopName}`,
  ].join("\n");

/**
 * What one e-mail says: `button` is the words on its one link; `section` (optional) comes after
 * the paragraphs, then the `closing` paragraphs (none unless given).
 */
type Words = {
  title: string;
  subject?: string;
  paragraphs: string[];
  section?: Section | undefined;
  closing?: string[];
  button: string;
};

/**
 * One e-mail in both forms: the title, a greeting and the paragraphs, then the one link to follow
 * (a button in HTML, the address in plain text). The subject is the title unless it is given.
 */
function message(
  firstName: string,
  link: string,
  { title, subject = title, paragraphs, section, closing = [], button }: Words,
  locale: MemberLocale,
): EmailContent {
  const greeting = emailTexts[locale].email_greeting({ firstName });
  const content = { paragraphs: [greeting, ...paragraphs], closing, ...(section ? { section } : {}) };
  return {
    subject: `${subject} · ${shopName}`,
    text: plain(title, content, link),
    html: layout(title, content, button, link, locale),
  };
}

/**
 * Sent at sign-up (and on request): the link that confirms the address. Every e-mail is written in
 * `locale`, the member's language (ADR 0083); its links are that language's pages.
 */
export function verificationEmail(firstName: string, link: string, locale: MemberLocale = "en"): EmailContent {
  const t = emailTexts[locale];
  return message(
    firstName,
    link,
    { title: t.email_verify_title, paragraphs: [...t.email_verify_paragraphs], button: t.email_verify_button },
    locale,
  );
}

/**
 * Sent instead of a second account when someone signs up with an address that already has one:
 * the sign-up screen answers the same either way, so only the address's owner learns of it.
 */
export function accountExistsEmail(firstName: string, signInLink: string, locale: MemberLocale = "en"): EmailContent {
  const t = emailTexts[locale];
  return message(
    firstName,
    signInLink,
    {
      title: t.email_account_exists_title,
      paragraphs: [...t.email_account_exists_paragraphs],
      button: t.email_account_exists_button,
    },
    locale,
  );
}

/** Sent on request from the sign-in page: the link to choose a new password. */
export function resetPasswordEmail(firstName: string, link: string, locale: MemberLocale = "en"): EmailContent {
  const t = emailTexts[locale];
  return message(
    firstName,
    link,
    { title: t.email_reset_title, paragraphs: [...t.email_reset_paragraphs], button: t.email_reset_button },
    locale,
  );
}

/**
 * A product suggested in the result e-mail: its name, the absolute address of its page and of its
 * first picture (null when it has none a mail client could load).
 */
export type SuggestedProductLink = {
  name: string;
  /** "tr": a Turkish name in an English e-mail (no English name written yet, ADR 0087). */
  lang?: "tr" | undefined;
  link: string;
  picture: string | null;
  /**
   * A photo the shop stores (issue 41): every variant's absolute address with its width, for the
   * clients that read `srcset`; `picture` is then a small variant, for those that do not.
   */
  pictureSrcSet?: string | undefined;
};

/** The picture's box in the e-mail, in CSS pixels: fixed, so nothing moves as it loads. */
const pictureBox = { width: 96, height: 72 };

/** The heading over the suggested products, as on the site's home and profile. */
export const suggestionsHeading = emailTexts.en.email_suggestions_heading;

/**
 * The suggested products in both forms: in HTML one row per product, its picture and name as one
 * link to its page; in text the name, the page's address and the picture's. Nothing at all when
 * there are none: no heading over an empty list.
 */
function suggestionsSection(products: readonly SuggestedProductLink[], locale: MemberLocale): Section | undefined {
  if (products.length === 0) return undefined;
  const t = emailTexts[locale];
  const heading = t.email_suggestions_heading;
  const rows = products
    .map(({ name, lang, link, picture, pictureSrcSet }) => {
      const variants = pictureSrcSet ? ` srcset="${escapeHtml(pictureSrcSet)}" sizes="${pictureBox.width}px"` : "";
      const image = picture
        ? `<img src="${escapeHtml(picture)}"${variants} alt="" width="${pictureBox.width}" height="${pictureBox.height}" style="display:block;width:${pictureBox.width}px;height:${pictureBox.height}px;border-radius:12px;object-fit:cover;background:#f1ece0;border:0">`
        : "";
      return `<tr><td style="padding:0 0 12px"><a href="${escapeHtml(link)}" style="display:block;text-decoration:none;color:#26321f"><table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr><td style="width:96px;padding:0 16px 0 0;vertical-align:middle">${image}</td><td${lang ? ` lang="${lang}"` : ""} style="vertical-align:middle;font-size:16px;font-weight:600;color:#3f5a3c;text-decoration:underline">${escapeHtml(name)}</td></tr></table></a></td></tr>`;
    })
    .join("");
  const html = `<h2 style="margin:24px 0 12px;font-family:Georgia,serif;font-size:20px;color:#26321f">${escapeHtml(heading)}</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse">${rows}</table>
`;
  const text = [
    `${heading}:`,
    "",
    ...products.flatMap(({ name, link, picture }) => [
      `- ${name}`,
      `  ${link}`,
      ...(picture ? [`  ${t.email_suggestion_picture}: ${picture}`] : []),
      "",
    ]),
  ];
  return { html, text };
}

/**
 * The temperament test's result (docs/product.md §1), sent once the address is confirmed, with up to three
 * products that suit it (`suggestions`, already chosen by worker/contract/suggestions.ts).
 */
export function temperamentResultEmail(
  firstName: string,
  result: { dominant: Temperament; secondary: Temperament },
  profileLink: string,
  suggestions: readonly SuggestedProductLink[] = [],
  locale: MemberLocale = "en",
): EmailContent {
  const t = emailTexts[locale];
  const dominant = temperamentDescriptions[locale][result.dominant];
  const secondary = temperamentDescriptions[locale][result.secondary];
  return message(
    firstName,
    profileLink,
    {
      title: t.email_result_title({ dominant: dominant.name, secondary: secondary.name }),
      subject: t.email_result_subject,
      paragraphs: [
        t.email_result_intro({ dominant: dominant.name, secondary: secondary.name }),
        t.email_result_dominant(dominant),
        t.email_result_secondary(secondary),
      ],
      section: suggestionsSection(suggestions, locale),
      closing: [t.email_result_closing],
      button: t.email_result_button,
    },
    locale,
  );
}
