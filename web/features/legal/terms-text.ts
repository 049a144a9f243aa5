import { m } from "../../paraglide/messages.js";
import type { LegalText } from "./legal-text.ts";

/**
 * The terms of service (issue 38): a small shop's plain terms, in both languages
 * (web/i18n/messages/, `legal_terms_` messages). A function, as privacyText is: its words are read
 * while the page renders, in the page's language.
 */
export const termsText = (): LegalText => ({
  title: m.legal_terms_title(),
  lead: m.legal_terms_lead(),
  updated: m.legal_terms_updated(),
  sections: [
    { heading: m.legal_terms_scope_heading(), paragraphs: [m.legal_terms_scope_text()] },
    { heading: m.legal_terms_sales_heading(), paragraphs: [m.legal_terms_sales_text()] },
    { heading: m.legal_terms_health_heading(), paragraphs: [m.legal_terms_health_text()] },
    { heading: m.legal_terms_test_heading(), paragraphs: [m.legal_terms_test_text()] },
    {
      heading: m.legal_terms_account_heading(),
      items: [
        m.legal_terms_account_real_name(),
        m.legal_terms_account_one_person(),
        m.legal_terms_account_closing(),
        m.legal_terms_account_deletion(),
      ],
      paragraphs: [],
    },
    { heading: m.legal_terms_content_heading(), paragraphs: [m.legal_terms_content_text()] },
    { heading: m.legal_terms_liability_heading(), paragraphs: [m.legal_terms_liability_text()] },
    { heading: m.legal_terms_changes_heading(), paragraphs: [m.legal_terms_changes_text()] },
  ],
});
