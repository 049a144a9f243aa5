/**
 * A legal page's words, kept apart from its layout (legal-screen.tsx): one file per page
 * (privacy-text.ts, terms-text.ts) puts the page's messages, one per paragraph or list item, in
 * their order, and the message catalogue (web/i18n/messages/) holds their text in each language.
 */
export type LegalText = {
  /** The page's heading, and its tab title. */
  title: string;
  /** One sentence under the heading. */
  lead: string;
  /** When the text last changed, as the page shows it. */
  updated: string;
  sections: readonly LegalSection[];
};

export type LegalSection = {
  heading: string;
  paragraphs: readonly string[];
  /** A list after the paragraphs. */
  items?: readonly string[];
};
