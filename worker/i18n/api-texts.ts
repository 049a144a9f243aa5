import type { MemberLocale } from "../contract/member-locale.ts";

/**
 * The API's error `detail`s in both languages (ADR 0083). English is the contract's wording as it
 * has always been; Turkish follows docs/turkish-glossary.md. `tr` is typed as `en`, so a missing
 * Turkish text or a parameter of another shape is a `tsc` error.
 *
 * "Invalid login credentials" and "Email not confirmed" are the sign-in's provider messages, kept
 * word for word in English; the sign-in screen matches on their `code` and shows its own sentence
 * (docs/product.md §8), but another client shows the detail, so Turkish has it too.
 */
const en = {
  api_body_too_large: "The request body is too large.",
  api_malformed_json: "The request body is not valid JSON.",
  api_no_route: ({ route }: { route: string }) => `No API route matches ${route}.`,
  api_no_file: ({ path }: { path: string }) => `No file at ${path}.`,
  api_web_not_built: "The web app is not built.",
  api_not_found: "Not found.",
  api_request_not_valid: "The request is not valid.",
  api_invalid_field: ({ field, problem, more }: { field: string; problem: string; more: number }) =>
    `Invalid ${field}: ${problem}${more > 0 ? ` (and ${more.toLocaleString("en-US")} more)` : ""}`,
  api_sign_in_required: "Please sign in to continue.",
  api_session_expired: "Your session has expired. Please sign in again.",
  api_admin_only: "This area is for the administrator only.",
  api_current_password_incorrect: "Your current password is incorrect.",
  api_account_locked:
    "Too many sign-in attempts for this account. Please wait 15 minutes or reset your password by e-mail.",
  api_too_many_attempts: "Too many attempts. Please wait a little and try again.",
  api_database_busy: "Other changes are being saved right now. Please try again in a moment.",
  api_database_unavailable: "The database is not reachable right now. Please try again in a moment.",
  api_database_unreachable: "The database is not reachable right now.",
  api_idempotency_key_empty: "The Idempotency-Key header is empty.",
  api_idempotency_key_too_long: ({ max }: { max: number }) =>
    `The Idempotency-Key header is too long (at most ${max} characters).`,
  api_idempotency_key_reused: "This Idempotency-Key was used for another request.",
  api_idempotency_key_other_request:
    "This Idempotency-Key was used for a request with another body or If-Match; send a new change with a new key.",
  api_if_match_not_version: 'If-Match must be a version, e.g. "3".',
  api_version_conflict: "Someone changed this in the meantime. Here is the current version.",
  api_not_a_category: "Invalid category_id: is not a category",
  api_category_not_empty: ({ count }: { count: number }) =>
    `This category still has ${count} product${count === 1 ? "" : "s"}. Move or delete them first.`,
  api_order_conflict: "The order changed in the meantime. Here is the current order.",
  api_unknown_product_ids: ({ ids }: { ids: string }) => `Unknown product ids: ${ids}.`,
  api_products_not_in_category: ({ category, ids }: { category: number; ids: string }) =>
    `Products not in category ${category}: ${ids}.`,
  api_product_not_found: "This product does not exist or was removed.",
  api_category_not_found: "This category does not exist or was removed.",
  api_invalid_day: ({ why }: { why: string }) => `Invalid day: ${why}.`,
  api_unknown_product: "No product has this id.",
  api_event_too_large: ({ max }: { max: number }) => `An event is at most ${max} bytes.`,
  api_invalid_admin_credentials: "Invalid admin credentials.",
  api_email_locked: "Email cannot be changed",
  api_invalid_refresh_token: "Invalid Refresh Token",
  api_survey_answers: ({ more }: { more: number }) =>
    `Please answer every question of the survey with one of its options.${more > 0 ? ` ${more.toLocaleString("en-US")} more problems are not listed.` : ""}`,
  api_confirm_link_invalid:
    "This confirmation link does not work. It may be incomplete or replaced by a newer link, or the address was confirmed with another link.",
  api_confirm_link_used:
    "This confirmation link has already been used. Your e-mail address may already be confirmed: try signing in.",
  api_confirm_link_expired: "This confirmation link has expired. Please ask for a new one.",
  api_wrong_signup_password:
    "This is not the password chosen when signing up with this link. If you signed up more than once, use the link in the e-mail of the sign-up whose password you know.",
  api_reset_link_expired: "This password reset link has expired. Please ask for a new one.",
  api_reset_link_used: "This password reset link has already been used. Please ask for a new one.",
  api_reset_link_invalid: "This password reset link is not valid. Please ask for a new one.",
  api_invalid_login_credentials: "Invalid login credentials",
  api_email_not_confirmed: "Email not confirmed",
  // The photo upload (issue 41, ADR 0089). `n` is the variant's place in the request, from 1.
  api_photo_not_multipart: ({ field }: { field: string }) =>
    `Send the photo as multipart/form-data, each variant as a file in a part named "${field}".`,
  api_photo_variant_count: ({ max }: { max: number }) => `Send from 1 to ${max} variants of one photo.`,
  api_photo_too_large: ({ n, max }: { n: number; max: string }) => `Variant ${n} is larger than ${max}.`,
  api_photo_not_an_image: ({ n }: { n: number }) => `Variant ${n} is not a JPEG or WebP image.`,
  api_photo_malformed: ({ n }: { n: number }) =>
    `Variant ${n} is not a well-formed JPEG or WebP file, or has other data in it.`,
  api_photo_metadata: ({ n }: { n: number }) =>
    `Variant ${n} carries metadata (EXIF, XMP or a comment, such as where the photo was taken). Remove it and send the photo again.`,
  api_photo_dimensions: ({ n, width, height, maxWidth, maxHeight }: PhotoSize) =>
    `Variant ${n} is ${width} × ${height} px; a variant is at most ${maxWidth} px wide and ${maxHeight} px high.`,
  api_photo_formats_mixed: "Every variant of a photo must be in the same format.",
  api_photo_widths: ({ sent, expected }: { sent: string; expected: string }) =>
    `The variants are ${sent} px wide; this photo needs exactly ${expected}.`,
  api_photo_proportions: ({ n }: { n: number }) => `Variant ${n} does not have the proportions of the largest one.`,
  api_photo_storage_missing: "Photos cannot be stored here: the server has no photo storage configured.",
  // The photo's link preview (ADR 0094): what was wrong with it, then what it must be.
  api_photo_preview: ({ problem, width, height }: PreviewProblem) =>
    `The preview ${
      {
        count: "was sent more than once",
        too_large: "is larger than 2 MB",
        not_jpeg: "is not a JPEG image",
        malformed: "is not a well-formed JPEG file, or has other data in it",
        metadata: "carries metadata (EXIF, XMP or a comment)",
        size: `is ${width} × ${height} px`,
      }[problem]
    }; it must be one JPEG of exactly 1200 × 630 px, at most 2 MB, without metadata.`,
};

type PreviewProblem = {
  problem: "count" | "too_large" | "not_jpeg" | "malformed" | "metadata" | "size";
  width?: number | undefined;
  height?: number | undefined;
};

type PhotoSize = { n: number; width: number; height: number; maxWidth: number; maxHeight: number };

export type ApiTexts = typeof en;

const tr: ApiTexts = {
  api_body_too_large: "İstek gövdesi çok büyük.",
  api_malformed_json: "İstek gövdesi geçerli bir JSON değil.",
  api_no_route: ({ route }) => `${route} ile eşleşen bir API yolu yok.`,
  api_no_file: ({ path }) => `${path} adresinde bir dosya yok.`,
  api_web_not_built: "Web uygulaması henüz derlenmemiş.",
  api_not_found: "Bulunamadı.",
  api_request_not_valid: "İstek geçerli değil.",
  api_invalid_field: ({ field, problem, more }) =>
    `Geçersiz ${field}: ${fieldProblem(problem, "tr")}${more > 0 ? ` (ve ${more.toLocaleString("tr-TR")} alan daha)` : ""}`,
  api_sign_in_required: "Devam etmek için lütfen giriş yapın.",
  api_session_expired: "Oturumunuzun süresi doldu. Lütfen yeniden giriş yapın.",
  api_admin_only: "Bu bölüm yalnızca yöneticiye açıktır.",
  api_current_password_incorrect: "Mevcut şifreniz yanlış.",
  api_account_locked:
    "Bu hesap için çok fazla giriş denemesi yapıldı. Lütfen 15 dakika bekleyin ya da şifrenizi e-postayla sıfırlayın.",
  api_too_many_attempts: "Çok fazla deneme yapıldı. Lütfen biraz bekleyip tekrar deneyin.",
  api_database_busy: "Şu anda başka değişiklikler kaydediliyor. Lütfen birazdan tekrar deneyin.",
  api_database_unavailable: "Veritabanına şu anda ulaşılamıyor. Lütfen birazdan tekrar deneyin.",
  api_database_unreachable: "Veritabanına şu anda ulaşılamıyor.",
  api_idempotency_key_empty: "Idempotency-Key başlığı boş.",
  api_idempotency_key_too_long: ({ max }) => `Idempotency-Key başlığı çok uzun (en fazla ${max} karakter).`,
  api_idempotency_key_reused: "Bu Idempotency-Key başka bir istek için kullanıldı.",
  api_idempotency_key_other_request:
    "Bu Idempotency-Key, gövdesi ya da If-Match değeri farklı bir istek için kullanıldı; yeni bir değişikliği yeni bir anahtarla gönderin.",
  api_if_match_not_version: 'If-Match bir sürüm numarası olmalı, örneğin "3".',
  api_version_conflict: "Bu arada başka biri burada değişiklik yaptı. Güncel sürüm aşağıda.",
  api_not_a_category: "Geçersiz category_id: böyle bir kategori yok",
  api_category_not_empty: ({ count }) =>
    `Bu kategoride hâlâ ${count.toLocaleString("tr-TR")} ürün var. Önce ürünleri taşıyın ya da silin.`,
  api_order_conflict: "Bu arada sıralama değişti. Güncel sıralama aşağıda.",
  api_unknown_product_ids: ({ ids }) => `Bilinmeyen ürün numaraları: ${ids}.`,
  api_products_not_in_category: ({ category, ids }) => `${category} numaralı kategoride olmayan ürünler: ${ids}.`,
  api_product_not_found: "Bu ürün yok ya da kaldırılmış.",
  api_category_not_found: "Bu kategori yok ya da kaldırılmış.",
  api_invalid_day: ({ why }) => `Geçersiz gün: ${why}.`,
  api_unknown_product: "Bu numarada bir ürün yok.",
  api_event_too_large: ({ max }) => `Bir olay en fazla ${max} bayt olabilir.`,
  api_invalid_admin_credentials: "Yönetici bilgileri hatalı.",
  api_email_locked: "E-posta adresi değiştirilemez",
  api_invalid_refresh_token: "Oturum yenilenemedi: yenileme anahtarı geçersiz",
  api_survey_answers: ({ more }) =>
    `Lütfen anketteki her soruyu seçeneklerinden biriyle cevaplayın.${more > 0 ? ` Listelenmeyen ${more.toLocaleString("tr-TR")} sorun daha var.` : ""}`,
  api_confirm_link_invalid:
    "Bu doğrulama bağlantısı çalışmıyor. Eksik kopyalanmış ya da yerine daha yeni bir bağlantı gönderilmiş olabilir; adresiniz başka bir bağlantıyla doğrulanmış da olabilir.",
  api_confirm_link_used:
    "Bu doğrulama bağlantısı daha önce kullanılmış. E-posta adresiniz zaten doğrulanmış olabilir: giriş yapmayı deneyin.",
  api_confirm_link_expired: "Bu doğrulama bağlantısının süresi dolmuş. Lütfen yeni bir bağlantı isteyin.",
  api_wrong_signup_password:
    "Bu, bu bağlantıyla üye olurken seçilen şifre değil. Birden fazla kez üye olduysanız, şifresini bildiğiniz kaydın e-postasındaki bağlantıyı kullanın.",
  api_reset_link_expired: "Bu şifre sıfırlama bağlantısının süresi dolmuş. Lütfen yeni bir bağlantı isteyin.",
  api_reset_link_used: "Bu şifre sıfırlama bağlantısı daha önce kullanılmış. Lütfen yeni bir bağlantı isteyin.",
  api_reset_link_invalid: "Bu şifre sıfırlama bağlantısı geçerli değil. Lütfen yeni bir bağlantı isteyin.",
  api_invalid_login_credentials: "E-posta adresi ya da şifre hatalı",
  api_email_not_confirmed: "E-posta adresi henüz doğrulanmadı",
  api_photo_not_multipart: ({ field }) =>
    `Fotoğrafı multipart/form-data olarak, her boyutunu "${field}" adlı bir bölümde dosya olarak gönderin.`,
  api_photo_variant_count: ({ max }) => `Bir fotoğrafın 1 ile ${max} arasında boyutunu gönderin.`,
  api_photo_too_large: ({ n, max }) => `${n}. boyut ${max} sınırını aşıyor.`,
  api_photo_not_an_image: ({ n }) => `${n}. boyut bir JPEG ya da WebP görseli değil.`,
  api_photo_malformed: ({ n }) =>
    `${n}. boyut düzgün bir JPEG ya da WebP dosyası değil ya da içinde başka veriler var.`,
  api_photo_metadata: ({ n }) =>
    `${n}. boyutta fotoğrafın çekildiği yer gibi ek bilgiler (EXIF, XMP ya da yorum) var. Bunları kaldırıp fotoğrafı yeniden gönderin.`,
  api_photo_dimensions: ({ n, width, height, maxWidth, maxHeight }) =>
    `${n}. boyut ${width} × ${height} piksel; en fazla ${maxWidth} piksel genişliğinde ve ${maxHeight} piksel yüksekliğinde olabilir.`,
  api_photo_formats_mixed: "Bir fotoğrafın bütün boyutları aynı biçimde olmalı.",
  api_photo_widths: ({ sent, expected }) =>
    `Gönderilen boyutların genişliği ${sent} piksel; bu fotoğraf için tam olarak ${expected} gerekiyor.`,
  api_photo_proportions: ({ n }) => `${n}. boyutun en/boy oranı en büyük boyutunkiyle aynı değil.`,
  api_photo_storage_missing: "Fotoğraflar burada saklanamıyor: sunucuda fotoğraf deposu ayarlanmamış.",
  api_photo_preview: ({ problem, width, height }) =>
    `Bağlantı önizlemesi ${
      {
        count: "birden fazla kez gönderilmiş",
        too_large: "2 MB sınırını aşıyor",
        not_jpeg: "bir JPEG görseli değil",
        malformed: "düzgün bir JPEG dosyası değil ya da içinde başka veriler var",
        metadata: "ek bilgiler (EXIF, XMP ya da yorum) taşıyor",
        size: `${width} × ${height} piksel`,
      }[problem]
    }; tam olarak 1200 × 630 piksel, en fazla 2 MB ve ek bilgi taşımayan tek bir JPEG olmalı.`,
};

export const apiTexts: Record<MemberLocale, ApiTexts> = { en, tr };

/** A detail in whichever language the answer is written in: `(t) => t.api_not_found`. */
export type ApiText = (texts: ApiTexts) => string;

/**
 * The contract's field problems ("is required", "must be at most 100 characters") in Turkish, for
 * `fields` and the invalid-request detail. A problem not listed stays as the contract words it.
 */
const trFieldProblems: [RegExp, (...groups: string[]) => string][] = [
  [/^is required$/, () => "zorunludur"],
  [/^must be at most (\d+) characters$/, (n) => `en fazla ${n} karakter olmalı`],
  [/^must be at least (\d+) characters$/, (n) => `en az ${n} karakter olmalı`],
  [/^must be an e-mail address$/, () => "geçerli bir e-posta adresi olmalı"],
  [/^must be an http\(s\) address$/, () => "bir http(s) adresi olmalı"],
  [/^must be an http\(s\) address or a path on this site$/, () => "bir http(s) adresi ya da sitede bir yol olmalı"],
  [/^must be at most (\d+) images$/, (n) => `en fazla ${n} görsel olmalı`],
  [/^is not a question of the survey$/, () => "anketin bir sorusu değil"],
  [/^is not one of the question's options$/, () => "sorunun seçeneklerinden biri değil"],
  [/^must be answered$/, () => "cevaplanmalı"],
  [/^must answer at most (\d+) questions$/, (n) => `en fazla ${n} soru cevaplanabilir`],
  [/^is not a category$/, () => "böyle bir kategori yok"],
  [/^is incorrect$/, () => "yanlış"],
  [/^cannot be changed$/, () => "değiştirilemez"],
  [/^is not the password chosen at sign-up$/, () => "üye olurken seçilen şifre değil"],
  [/^must not contain control characters$/, () => "kontrol karakteri içermemeli"],
  [
    /^must not contain control, invisible or unassigned characters$/,
    () => "kontrol, görünmez ya da tanımsız karakter içermemeli",
  ],
  [/^must be "en" or "tr"$/, () => '"en" ya da "tr" olmalı'],
];

/** A field problem as the contract words it, in `locale`. */
export function fieldProblem(problem: string, locale: MemberLocale): string {
  if (locale === "en") return problem;
  for (const [pattern, turkish] of trFieldProblems) {
    const match = pattern.exec(problem);
    if (match) return turkish(...match.slice(1));
  }
  return problem;
}
