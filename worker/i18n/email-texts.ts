import type { MemberLocale } from "../contract/member-locale.ts";

/** The shop's name, the same in both languages. */
export const shopName = "Doğal Yaşam";

/**
 * What the shop's e-mails say, in each language (ADR 0083): English as the e-mails have always
 * said it, Turkish in the glossary's voice (docs/turkish-glossary.md, polite *siz*). `tr` is
 * typed as `en`: a missing Turkish text, or one with other parameters, is a `tsc` error.
 */
const en = {
  email_greeting: ({ firstName }: { firstName: string }) => `Hello ${firstName},`,
  email_button_fallback: "If the button does not work, copy this address into your browser:",
  email_tagline: "Natural remedies and gentle rituals for everyday well-being.",
  email_verify_title: "Confirm your e-mail address",
  email_verify_paragraphs: [
    `Thank you for joining ${shopName}. Please confirm your e-mail address to finish signing up; the link works for 24 hours.`,
    "Once it is confirmed, your temperament test result will be e-mailed to you. If you did not sign up, you can ignore this message.",
  ],
  email_verify_button: "Confirm my e-mail address",
  email_account_exists_title: "You already have an account",
  email_account_exists_paragraphs: [
    `Someone, probably you, tried to sign up at ${shopName} with this e-mail address, which already has an account. You can sign in with it, or reset your password from the sign-in page.`,
    "If it was not you, you can ignore this message: nothing has changed.",
  ],
  email_account_exists_button: "Sign in",
  email_reset_title: "Reset your password",
  email_reset_paragraphs: [
    "Someone, probably you, asked to reset the password of your account. Follow the link to choose a new one; it works for 60 minutes and only once.",
    "If you did not ask for this, you can ignore this message: your password stays as it is.",
  ],
  email_reset_button: "Choose a new password",
  email_suggestions_heading: "Suggested for your temperament",
  email_suggestion_picture: "Picture",
  email_result_title: ({ dominant, secondary }: { dominant: string; secondary: string }) =>
    `Your temperament: ${dominant}, with ${secondary}`,
  email_result_subject: "Your temperament test result",
  email_result_intro: ({ dominant, secondary }: { dominant: string; secondary: string }) =>
    `Thank you for taking the 20-question temperament test. Your answers point to a ${dominant.toLowerCase()} temperament first and a ${secondary.toLowerCase()} one second.`,
  email_result_dominant: ({ name, description }: { name: string; description: string }) =>
    `${name} (dominant): ${description}`,
  email_result_secondary: ({ name, description }: { name: string; description: string }) =>
    `${name} (secondary): ${description}`,
  email_result_closing: "You can look at your answers, and change them, in your profile.",
  email_result_button: "Open my profile",
};

export type EmailTexts = typeof en;

const tr: EmailTexts = {
  email_greeting: ({ firstName }) => `Merhaba ${firstName},`,
  email_button_fallback: "Düğme çalışmazsa bu adresi kopyalayıp tarayıcınıza yapıştırın:",
  email_tagline: "Gündelik iyi oluş için doğal çözümler ve özenli ritüeller.",
  email_verify_title: "E-posta adresinizi doğrulayın",
  email_verify_paragraphs: [
    `${shopName}'a katıldığınız için teşekkür ederiz. Üyeliğinizi tamamlamak için lütfen e-posta adresinizi doğrulayın; bağlantı 24 saat geçerlidir.`,
    "Adresiniz doğrulandığında mizaç testi sonucunuz size e-postayla gönderilecek. Üye olan siz değilseniz bu e-postayı dikkate almayabilirsiniz.",
  ],
  email_verify_button: "E-posta adresimi doğrula",
  email_account_exists_title: "Zaten bir hesabınız var",
  email_account_exists_paragraphs: [
    `Birisi, büyük olasılıkla siz, bu e-posta adresiyle ${shopName}'a üye olmaya çalıştı; ancak bu adresin zaten bir hesabı var. Bu adresle giriş yapabilir ya da giriş sayfasından şifrenizi sıfırlayabilirsiniz.`,
    "Bu siz değilseniz bu e-postayı dikkate almayabilirsiniz: hiçbir şey değişmedi.",
  ],
  email_account_exists_button: "Giriş Yap",
  email_reset_title: "Şifrenizi sıfırlayın",
  email_reset_paragraphs: [
    "Birisi, büyük olasılıkla siz, hesabınızın şifresini sıfırlamak istedi. Yeni bir şifre belirlemek için bağlantıyı açın; bağlantı 60 dakika geçerlidir ve yalnızca bir kez kullanılabilir.",
    "Bunu siz istemediyseniz bu e-postayı dikkate almayabilirsiniz: şifreniz olduğu gibi kalır.",
  ],
  email_reset_button: "Yeni şifre belirle",
  email_suggestions_heading: "Mizacınıza önerdiklerimiz",
  email_suggestion_picture: "Görsel",
  email_result_title: ({ dominant, secondary }) => `Mizacınız: ${dominant}, ardından ${secondary}`,
  email_result_subject: "Mizaç testi sonucunuz",
  email_result_intro: ({ dominant, secondary }) =>
    `20 soruluk mizaç testini yanıtladığınız için teşekkür ederiz. Cevaplarınız önce ${dominant.toLocaleLowerCase("tr")}, ardından ${secondary.toLocaleLowerCase("tr")} bir mizaca işaret ediyor.`,
  email_result_dominant: ({ name, description }) => `${name} (baskın): ${description}`,
  email_result_secondary: ({ name, description }) => `${name} (ikincil): ${description}`,
  email_result_closing: "Cevaplarınızı profilinizde görebilir ve dilediğiniz zaman değiştirebilirsiniz.",
  email_result_button: "Profilimi aç",
};

export const emailTexts: Record<MemberLocale, EmailTexts> = { en, tr };
