import type { Temperament } from "../../worker/contract/temperaments.ts";

/**
 * The temperaments as the shop names them to people: the survey's names
 * (worker/survey/temperament.ts), for the products filter, the product page's badges and the
 * admin's product form.
 */
export const temperamentNames: Record<Temperament, string> = {
  sanguine: "Sanguine",
  choleric: "Choleric",
  melancholic: "Melancholic",
  phlegmatic: "Phlegmatic",
};
