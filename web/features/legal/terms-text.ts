import type { LegalText } from "./legal-text.ts";

/** The terms of service (issue 38): a small shop's plain terms. */
export const termsText: LegalText = {
  title: "Terms of service",
  lead: "The plain terms for using the Doğal Yaşam site and your account.",
  updated: "28 November 2026",
  sections: [
    {
      heading: "About these terms",
      paragraphs: [
        "These terms apply to this site and the app you can install from it. By using the site, or by signing up or signing in, you agree to them. How we handle your information is described in our privacy policy.",
      ],
    },
    {
      heading: "We do not sell on this site",
      paragraphs: [
        "This site shows our products. To buy one, you follow its link to our shop on the external marketplace. The order, payment, delivery, returns and your rights as a buyer are handled there, under the marketplace's terms and our shop's policies on it.",
      ],
    },
    {
      heading: "Health information is not medical advice",
      paragraphs: [
        "What we write about herbs, oils, honey and other products is general information from tradition and our own experience. It is not medical advice, and our products are not medicines. Ask your doctor or pharmacist before using them if you are pregnant or breastfeeding, have an allergy or an illness, or take medicines.",
      ],
    },
    {
      heading: "The temperament test",
      paragraphs: [
        "The 20-question temperament test follows the four temperaments of classical medicine and is for wellness interest only. Its result and the products suggested for it are not a diagnosis or a treatment plan.",
      ],
    },
    {
      heading: "Your account",
      items: [
        "Give your real name and an e-mail address you can read, and keep your password to yourself.",
        "An account is for one person. You are responsible for what is done with it.",
        "We may close an account that is used to harm the site or other people.",
        "You may ask us to delete your account at any time, as the privacy policy describes.",
      ],
      paragraphs: [],
    },
    {
      heading: "Our content",
      paragraphs: [
        "The texts, pictures and design of the site are ours. You may share links to our pages, but please do not copy their content for commercial use without asking us.",
      ],
    },
    {
      heading: "Availability and responsibility",
      paragraphs: [
        "We take care that the site is correct and available, but we cannot promise that it is always either. We may change or remove products and pages. As far as the law allows, we are not responsible for losses that come from using the site; nothing in these terms limits your rights as a consumer under Turkish law.",
      ],
    },
    {
      heading: "Changes, law and contact",
      paragraphs: [
        "We may update these terms; the date above shows the latest change. These terms are governed by the laws of the Republic of Türkiye. Questions are welcome on the chat link at the bottom right of every page.",
      ],
    },
  ],
};
