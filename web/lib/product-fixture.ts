import type { Product } from "../../worker/contract/catalogue.ts";

/** For tests: one product as the API sends it, with whatever fields a test says differently. */
export const productFixture = (fields: Partial<Product> = {}): Product => ({
  id: 4,
  name: "Ihlamur",
  short_description: "Calm tea",
  description: "",
  long_description: "<p>Long</p>",
  name_en: "",
  short_description_en: "",
  description_en: "",
  long_description_en: "",
  category_id: 2,
  images: [],
  etsy_link: "https://www.etsy.com/listing/4",
  temperaments: [],
  sort_order: 3,
  version: 5,
  created_at: "2026-03-02T09:00:00.000Z",
  updated_at: "2026-03-02T09:00:00.000Z",
  ...fields,
});
