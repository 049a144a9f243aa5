/**
 * Public links of the shop, read by Vite at build time (`VITE_*` in `.dev.vars.example` or the
 * build environment). Each falls back to the shop's own address when unset.
 */
const env = import.meta.env;

const pick = (value: string | undefined, fallback: string) =>
  value && /^https?:\/\//.test(value.trim()) ? value.trim() : fallback;

const shopUrl = pick(env.VITE_SHOP_URL, "https://www.etsy.com/shop/DogalYasamShop");

export const siteConfig = {
  name: "Doğal Yaşam",
  /** The external marketplace shop where products are bought. */
  shopUrl,
  /** Targets of the floating contact column (docs/product.md §1). */
  contact: {
    chat: pick(env.VITE_CONTACT_CHAT_URL, "https://wa.me/905551234567"),
    store: pick(env.VITE_CONTACT_STORE_URL, shopUrl),
    instagram: pick(env.VITE_CONTACT_INSTAGRAM_URL, "https://www.instagram.com/dogalyasamshop/"),
    pinterest: pick(env.VITE_CONTACT_PINTEREST_URL, "https://www.pinterest.com/dogalyasamshop/"),
  },
} as const;
