import * as z from "zod/mini";

/**
 * The four classical temperaments, in the shop's canonical order: the order the survey's ties
 * are broken in (worker/survey/temperament.ts), and the order a product's temperaments are
 * stored and sent in (docs/decisions/0048-product-temperaments.md). Plain values, so the
 * database schema and the web app share the one list.
 */
export const temperaments = ["sanguine", "choleric", "melancholic", "phlegmatic"] as const;
export type Temperament = (typeof temperaments)[number];

export const isTemperament = (value: unknown): value is Temperament =>
  typeof value === "string" && (temperaments as readonly string[]).includes(value);

export const temperamentSchema = z.enum(temperaments);

/** The known names among `values`, once each, in the canonical order (anything else is dropped). */
export function inTemperamentOrder(values: readonly unknown[]): Temperament[] {
  return temperaments.filter((temperament) => values.includes(temperament));
}

/** What an error says of a name that is not one of the four. */
export const temperamentError = "must be sanguine, choleric, melancholic or phlegmatic";
