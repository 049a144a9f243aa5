/**
 * Names in order, by Turkish rules (issue 40): Ç after C, Ğ after G, I before İ, Ş after S. The
 * shop's names are the admin's Turkish texts, so every list that orders by name uses this, on the
 * Turkish and the English pages alike (ADR 0097). `Intl.Collator` is made once: building one per
 * comparison costs more than the comparison.
 */
export const compareNames: (a: string, b: string) => number = new Intl.Collator("tr").compare;

type Shelved = { sort_order: number; name: string; id: number };

/**
 * The order the shop shows products in, on the server, in its answers and on every device
 * (ADR 0097): the admin's `sort_order`, then the Turkish name by Turkish rules, then the id. An
 * English page keeps this order, whatever English names it shows, so both languages list one
 * shelf as the admin arranged it and a server-rendered list matches the device's.
 */
export const compareDisplayOrder = (a: Shelved, b: Shelved): number =>
  a.sort_order - b.sort_order || compareNames(a.name, b.name) || a.id - b.id;
