import type { Temperament } from "../db/schema.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { temperamentDescriptions } from "../survey/temperament.ts";

/** An e-mail's content, in plain text and HTML (both, for every client). */
export type EmailContent = { subject: string; text: string; html: string };

const shopName = "Doğal Yaşam";

/**
 * The shop's e-mail look: a narrow card, the shop's greens and cream, inline styles only (mail
 * clients drop style sheets). `paragraphs` are plain text; `button` names the one link to follow.
 */
function layout(title: string, paragraphs: string[], button: string, link: string): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.6;color:#3b3f36">${escapeHtml(p)}</p>`)
    .join("");
  const action = `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#3f5a3c;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b6f63">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f8f5ee;font-family:Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px;border-radius:24px;background:#ffffff;border:1px solid #e8e0cf">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:20px;font-weight:700;color:#26321f">${shopName}</p>
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:24px;color:#26321f">${escapeHtml(title)}</h1>
${body}${action}
<p style="margin:32px 0 0;font-size:12px;color:#8a8d80">${shopName} · Natural remedies and gentle rituals for everyday well-being.</p>
</div></body></html>`;
}

const plain = (title: string, paragraphs: string[], link: string) =>
  [title, "", ...paragraphs.flatMap((p) => [p, ""]), link, "", `— ${shopName}`].join("\n");

/** What one e-mail says: `button` is the words on its one link. */
type Words = { title: string; subject?: string; paragraphs: string[]; button: string };

/**
 * One e-mail in both forms: the title, a greeting and the paragraphs, then the one link to follow
 * (a button in HTML, the address in plain text). The subject is the title unless it is given.
 */
function message(firstName: string, link: string, { title, subject = title, paragraphs, button }: Words): EmailContent {
  const all = [`Hello ${firstName},`, ...paragraphs];
  return {
    subject: `${subject} · ${shopName}`,
    text: plain(title, all, link),
    html: layout(title, all, button, link),
  };
}

/** Sent at sign-up (and on request): the link that confirms the address. */
export function verificationEmail(firstName: string, link: string): EmailContent {
  return message(firstName, link, {
    title: "Confirm your e-mail address",
    paragraphs: [
      `Thank you for joining ${shopName}. Please confirm your e-mail address to finish signing up; the link works for 24 hours.`,
      "Once it is confirmed, your temperament test result will be e-mailed to you. If you did not sign up, you can ignore this message.",
    ],
    button: "Confirm my e-mail address",
  });
}

/**
 * Sent instead of a second account when someone signs up with an address that already has one:
 * the sign-up screen answers the same either way, so only the address's owner learns of it.
 */
export function accountExistsEmail(firstName: string, signInLink: string): EmailContent {
  return message(firstName, signInLink, {
    title: "You already have an account",
    paragraphs: [
      `Someone, probably you, tried to sign up at ${shopName} with this e-mail address, which already has an account. You can sign in with it, or reset your password from the sign-in page.`,
      "If it was not you, you can ignore this message: nothing has changed.",
    ],
    button: "Sign in",
  });
}

/** Sent on request from the sign-in page: the link to choose a new password. */
export function resetPasswordEmail(firstName: string, link: string): EmailContent {
  return message(firstName, link, {
    title: "Reset your password",
    paragraphs: [
      "Someone, probably you, asked to reset the password of your account. Follow the link to choose a new one; it works for 60 minutes and only once.",
      "If you did not ask for this, you can ignore this message: your password stays as it is.",
    ],
    button: "Choose a new password",
  });
}

/** The temperament test's result (SPEC §1), sent once the address is confirmed. */
export function temperamentResultEmail(
  firstName: string,
  result: { dominant: Temperament; secondary: Temperament },
  profileLink: string,
): EmailContent {
  const dominant = temperamentDescriptions[result.dominant];
  const secondary = temperamentDescriptions[result.secondary];
  return message(firstName, profileLink, {
    title: `Your temperament: ${dominant.name}, with ${secondary.name}`,
    subject: "Your temperament test result",
    paragraphs: [
      `Thank you for taking the 20-question temperament test. Your answers point to a ${dominant.name.toLowerCase()} temperament first and a ${secondary.name.toLowerCase()} one second.`,
      `${dominant.name} (dominant): ${dominant.description}`,
      `${secondary.name} (secondary): ${secondary.description}`,
      "You can look at your answers, and change them, in your profile.",
    ],
    button: "Open my profile",
  });
}
