import type { LegalText } from "./legal-text.ts";

/**
 * The privacy policy (issue 38): what the shop stores, written from what the code stores
 * (worker/db/schema.ts, the cookies of ADR 0035 and 0034, the insights of ADR 0055, the device's
 * storage). A change to what is stored changes this text too.
 */
export const privacyText: LegalText = {
  title: "Privacy policy",
  lead: "What Doğal Yaşam stores about you, why, for how long, who sees it, and how to have it deleted.",
  updated: "28 November 2026",
  sections: [
    {
      heading: "Who we are",
      paragraphs: [
        "Doğal Yaşam is a small natural-wellness shop in Istanbul. We decide what happens to the information on this site and are responsible for it under Türkiye's Personal Data Protection Law (KVKK, No. 6698) and, for visitors in the European Union, the General Data Protection Regulation (GDPR).",
        "To reach us about your information, write to us on the chat link at the bottom right of every page.",
      ],
    },
    {
      heading: "Browsing needs no account",
      paragraphs: [
        "You can browse the products and read every page without signing up. We set no cookie for browsing, use no analytics or advertising service, and send nothing about your visit to anyone else.",
        "To know which products interest people, we count each product page's views and the follows of its marketplace link, per product and per day. The count is all we keep: no cookie, no identifier, no network (IP) address and no browser details. To count repeated visits only once a day, a one-way code made from your address and a random value is kept for that day only; the random value is deleted when the day ends, so the code can never be traced back to you.",
      ],
    },
    {
      heading: "What we store when you sign up",
      paragraphs: ["Signing up and taking the temperament test stores:"],
      items: [
        "your first and last name and your e-mail address;",
        "your password, only as a one-way hash (Argon2id): nobody, us included, can read it back;",
        "your answers to the 20 questions of the temperament test, and the result worked out from them (your main and second temperament and their scores);",
        "when your account was made and when you confirmed your e-mail address.",
      ],
    },
    {
      heading: "Why we store it",
      paragraphs: [
        "To give you the account you asked for (KVKK art. 5(2)(c), GDPR art. 6(1)(b)): to sign you in, show your profile and your result, e-mail your result, and suggest products that suit your temperament.",
        "The test asks about habits and preferences, not about illnesses or treatments. Please do not write medical information anywhere on the site.",
      ],
    },
    {
      heading: "E-mails",
      paragraphs: [
        "We send you only the e-mails your account needs: the link to confirm your address, a password-reset link when you ask for one, your test result, and a notice if someone tries to sign up again with your address. They go out through an e-mail delivery service. A copy of each (address, subject and text) stays in our records so we can see whether it was delivered.",
      ],
    },
    {
      heading: "Signing in and keeping accounts safe",
      items: [
        "Signing in keeps a session on your device; on our side only a one-way hash of it is stored. A session ends when you sign out, or 30 days after it was last used.",
        "Links in our e-mails are stored only as hashes too. A confirmation link works for 24 hours, a password-reset link for one hour, and each works once.",
        "Two cookies, both read only by our server: after you sign in, a device cookie (180 days) lets this browser in even when someone else has been guessing your password; after you sign up, a registration cookie (24 hours) lets your confirmation link finish signing up in the same browser.",
        "To stop automated abuse, sign-ups, password resets and sign-ins are counted per network (IP) address in short windows (one hour; 15 minutes for sign-ins). Each counter, with the address it names, is deleted within minutes after its window ends.",
      ],
      paragraphs: [],
    },
    {
      heading: "On your device",
      paragraphs: [
        "The app keeps some things in your browser so that it is fast and works offline. You can remove them at any time in your browser's settings (site data).",
      ],
      items: [
        "your session and your last test result (local storage), removed when you sign out;",
        "the sign-up form's progress while you fill it in (session storage, never your password), removed when you close the tab;",
        "a copy of the catalogue, and any product views counted while you were offline until they are sent (IndexedDB);",
        "pages and product pictures you have seen, for offline use (the service worker's cache).",
      ],
    },
    {
      heading: "Who sees your information",
      paragraphs: [
        "You see yours on your profile. The shop's one administrator sees members' names, e-mail addresses, account status, test answers and results, and can export them as a file to look after the shop. The companies that host the site, its database and its e-mail work for us and may use the information only to provide that service; their servers may be outside Türkiye. We do not sell your information or share it for advertising.",
        "Purchases happen on the external marketplace, not on this site: what you give there is covered by the marketplace's own privacy policy.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        "Your account, answers, result and the copies of our e-mails to you are kept until you ask us to delete them; so is a sign-up whose address was never confirmed. Sessions and links expire as described above. The daily counts of product views contain nothing about you and are kept.",
      ],
    },
    {
      heading: "Your rights, and how to have your information deleted",
      paragraphs: [
        "You may ask what we hold about you and have a copy, have it corrected (your profile lets you change your name and answers), have it deleted, or object to its use (KVKK art. 11, GDPR art. 15–21).",
        "To delete your account, write to us on the chat link, from or naming the e-mail address of your account. We delete your account, your answers and result, your sessions and the copies of our e-mails to you, and answer within 30 days.",
        "If you are not satisfied with our answer, you may complain to the Personal Data Protection Authority (Kişisel Verileri Koruma Kurumu) or, in the European Union, to your data protection authority.",
      ],
    },
  ],
};
