import { describe, expect, it } from "vitest";
import { compareDisplayOrder, compareNames } from "./display-order.ts";

// Issue 40, ADR 0097: names sort by Turkish rules, and the shop's product order is sort_order,
// then the Turkish name, then id, on the pages of both languages.

describe("compareNames", () => {
  it("puts each Turkish letter after its Latin twin: Ç after C, Ğ after G, ı before i, Ö after O, Ş after S, Ü after U", () => {
    const names = [
      "Zencefil",
      "Şifa",
      "Sumak",
      "Üzüm",
      "Uçkun",
      "Ölçü",
      "Otlar",
      "İncir",
      "Ihlamur",
      "Ğ",
      "Gül",
      "Çay",
      "Ceviz",
      "Ada",
    ];
    expect([...names].sort(compareNames)).toEqual([
      "Ada",
      "Ceviz",
      "Çay",
      "Gül",
      "Ğ",
      "Ihlamur",
      "İncir",
      "Otlar",
      "Ölçü",
      "Sumak",
      "Şifa",
      "Uçkun",
      "Üzüm",
      "Zencefil",
    ]);
    // Where code points put every Turkish capital after Z.
    expect(["Çay", "Zencefil", "Ceviz"].sort()).toEqual(["Ceviz", "Zencefil", "Çay"]);
  });
});

describe("compareDisplayOrder", () => {
  const row = (id: number, sort_order: number, name: string, name_en?: string) => ({ id, sort_order, name, name_en });

  it("orders by sort_order, then the Turkish name by Turkish rules, then id", () => {
    const rows = [row(1, 2, "Ada"), row(2, 0, "Zencefil"), row(3, 0, "Çay"), row(4, 0, "Ceviz"), row(5, 0, "Çay")];
    expect([...rows].sort(compareDisplayOrder).map((r) => r.id)).toEqual([4, 3, 5, 2, 1]);
  });

  it("keeps the Turkish name's order whatever English names an English page shows", () => {
    const rows = [row(1, 0, "Zencefil", "Ginger"), row(2, 0, "Çay", "Tea"), row(3, 0, "Ceviz")];
    expect([...rows].sort(compareDisplayOrder).map((r) => r.name)).toEqual(["Ceviz", "Çay", "Zencefil"]);
  });
});
