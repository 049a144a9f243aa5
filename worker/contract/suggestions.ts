import type { Temperament } from "./temperaments.ts";

/** How many products a member is suggested (issue 30): on home, on the profile, in the result e-mail. */
export const suggestionLimit = 3;

/**
 * The products suggested to a member with this temperament result: those that suit the dominant
 * temperament, then those that suit the secondary, each in the order given (the catalogue's
 * display order), none twice (by id: the web app joins two lists' copies), at most `limit`. A product with no temperaments is "for everyone"
 * (ADR 0048), not a suggestion. One rule for the server's result e-mail and the web app's screens,
 * so the e-mail and the site suggest the same products.
 */
export function suggestedProducts<T extends { id: number; temperaments: readonly string[] }>(
  products: readonly T[],
  result: { dominant: Temperament; secondary: Temperament },
  limit = suggestionLimit,
): T[] {
  const chosen = new Map<number, T>();
  for (const temperament of [result.dominant, result.secondary]) {
    for (const product of products) {
      if (chosen.size >= limit) return [...chosen.values()];
      if (product.temperaments.includes(temperament) && !chosen.has(product.id)) chosen.set(product.id, product);
    }
  }
  return [...chosen.values()];
}
