/**
 * The order the shop shows products in, on the server and on the admin's device alike: the
 * admin's `sort_order`, then the (Turkish) name as Turkish sorts it ("Çay" after "Cevher", before
 * "Dut"), then the id. SQLite compares text by code point, so the server sorts in code with the
 * same comparator (ADR 0098).
 */
type Ordered = { id: number; sort_order: number; name: string };

const byTurkishName = new Intl.Collator("tr").compare;

export const byDisplayOrder = (a: Ordered, b: Ordered): number =>
  a.sort_order - b.sort_order || byTurkishName(a.name, b.name) || a.id - b.id;
