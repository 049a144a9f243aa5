import type { Temperament } from "../../worker/contract/temperaments.ts";
import { m } from "../paraglide/messages.js";

/**
 * The temperaments as the shop names them to people, in the page's language (`temperament_`
 * messages; in Turkish as Turkish herbal medicine names them, docs/turkish-glossary.md): for the
 * products filter, the product page's badges, the member's result and the admin's product form.
 *
 * Getters, so each name is read when a screen shows it: a value read once, when this module
 * loads, would keep that moment's language for every later page the server renders.
 */
export const temperamentNames: Readonly<Record<Temperament, string>> = {
  get sanguine() {
    return m.temperament_sanguine();
  },
  get choleric() {
    return m.temperament_choleric();
  },
  get melancholic() {
    return m.temperament_melancholic();
  },
  get phlegmatic() {
    return m.temperament_phlegmatic();
  },
};
