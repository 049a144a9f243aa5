/**
 * A legal page's words, kept apart from its layout (legal-screen.tsx) so each page's text lives
 * in one file and a translation can sit beside it.
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
