import type { SurveyOption, Temperament } from "../../worker/db/schema.ts";

export type SeedSurveyQuestion = {
  id: number;
  order: number;
  question: string;
  /** The question in Turkish (issue 40, ADR 0084); each option carries its own `textTr`. */
  questionTr: string;
  options: SurveyOption[];
};

export type SeedCategory = { id: number; name: string; description: string };

export type SeedProduct = {
  id: number;
  name: string;
  short_description: string;
  description: string;
  /** Rich HTML: p, ul/ol/li, strong, em, h3 only. */
  long_description: string;
  category_id: number;
  /** Paths under web/public, e.g. "/images/products/isirgan-cayi.svg". */
  images: string[];
  etsy_link: string;
  sort_order: number;
  /**
   * The temperaments it suits, in the canonical order (sanguine, choleric, melancholic,
   * phlegmatic); empty: for everyone. Warming spices, honeys and oils for the cold ones
   * (melancholic, phlegmatic), calming and cooling teas for the hot ones (choleric, sanguine).
   */
  temperaments: Temperament[];
};
