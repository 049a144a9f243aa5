import { m } from "../../paraglide/messages.js";
import type { LegalText } from "./legal-text.ts";

/**
 * The privacy policy (issue 38): what the shop stores, written from what the code stores
 * (worker/db/schema.ts, the cookies of ADR 0035 and 0034, the insights of ADR 0055, the device's
 * storage). A change to what is stored changes this text too, in both languages
 * (web/i18n/messages/, `legal_privacy_` messages).
 *
 * A function, not a constant: its words are read while the page renders, in the page's language.
 */
export const privacyText = (): LegalText => ({
  title: m.legal_privacy_title(),
  lead: m.legal_privacy_lead(),
  updated: m.legal_privacy_updated(),
  sections: [
    {
      heading: m.legal_privacy_who_heading(),
      paragraphs: [m.legal_privacy_who_controller(), m.legal_privacy_who_contact()],
    },
    {
      heading: m.legal_privacy_browsing_heading(),
      paragraphs: [m.legal_privacy_browsing_no_tracking(), m.legal_privacy_browsing_counts()],
    },
    {
      heading: m.legal_privacy_signup_heading(),
      paragraphs: [m.legal_privacy_signup_intro()],
      items: [
        m.legal_privacy_signup_name(),
        m.legal_privacy_signup_password(),
        m.legal_privacy_signup_answers(),
        m.legal_privacy_signup_dates(),
      ],
    },
    {
      heading: m.legal_privacy_why_heading(),
      paragraphs: [m.legal_privacy_why_account(), m.legal_privacy_why_no_medical()],
    },
    {
      heading: m.legal_privacy_emails_heading(),
      paragraphs: [m.legal_privacy_emails_text()],
    },
    {
      heading: m.legal_privacy_security_heading(),
      items: [
        m.legal_privacy_security_session(),
        m.legal_privacy_security_links(),
        m.legal_privacy_security_cookies(),
        m.legal_privacy_security_rate_limits(),
      ],
      paragraphs: [],
    },
    {
      heading: m.legal_privacy_device_heading(),
      paragraphs: [m.legal_privacy_device_intro()],
      items: [
        m.legal_privacy_device_session(),
        m.legal_privacy_device_signup_draft(),
        m.legal_privacy_device_catalogue(),
        m.legal_privacy_device_cache(),
      ],
    },
    {
      heading: m.legal_privacy_sharing_heading(),
      paragraphs: [m.legal_privacy_sharing_who(), m.legal_privacy_sharing_marketplace()],
    },
    {
      heading: m.legal_privacy_retention_heading(),
      paragraphs: [m.legal_privacy_retention_text()],
    },
    {
      heading: m.legal_privacy_rights_heading(),
      paragraphs: [m.legal_privacy_rights_list(), m.legal_privacy_rights_delete(), m.legal_privacy_rights_complaint()],
    },
  ],
});
