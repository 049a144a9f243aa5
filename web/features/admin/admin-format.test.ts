import { describe, expect, it } from "vitest";
import { getLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import {
  databaseLabel,
  formatDate,
  formatPercent,
  fullName,
  minutesAgo,
  shortDay,
  temperamentResult,
} from "./admin-format.ts";

describe("formatting for the admin", () => {
  it("shows a date, or a dash when there is none or it cannot be read (docs/product.md §2)", () => {
    expect(formatDate("2026-03-02T09:00:00.000Z", "en-GB")).toBe("2 Mar 2026");
    expect(formatDate(null)).toBe("—");
    expect(formatDate("")).toBe("—");
    expect(formatDate("not a date")).toBe("—");
  });

  it("reads the temperament result and the name", () => {
    expect(temperamentResult({ dominant: "choleric", secondary: "sanguine" })).toEqual({
      dominant: "Choleric",
      secondary: "Sanguine",
    });
    expect(temperamentResult(null)).toEqual({ dominant: "—", secondary: "—" });
    expect(fullName({ first_name: "Ayşe", last_name: "Yılmaz", email: "a@x.com" })).toBe("Ayşe Yılmaz");
    expect(fullName({ first_name: "", last_name: "", email: "a@x.com" })).toBe("a@x.com");
  });
});

// Issue 40: the page's language (getLocale(), English in these tests) decides, English as it was.
describe("dates and numbers in the page's language", () => {
  it("writes English as the admin always showed it", () => {
    // The browser's own locale, as before.
    expect(formatDate("2026-03-02T09:00:00.000Z")).toBe(
      new Date("2026-03-02T09:00:00.000Z").toLocaleDateString(undefined, {
        day: "numeric",
        month: "short",
        year: "numeric",
      }),
    );
    expect(shortDay("2026-11-01")).toBe("1 Nov");
    expect(formatPercent(8, 2)).toBe("25%");
    expect(formatPercent(3, 40)).toBe("1333%");
    expect(formatPercent(0, 0)).toBe("—");
  });

  it("writes Turkish the Turkish way", () => {
    expect(formatDate("2026-11-28T09:00:00.000Z", "tr")).toBe("28 Kas 2026");
    expect(shortDay("2026-11-01", "tr")).toBe("1 Kas");
    expect(formatPercent(8, 2, "tr")).toBe("%25");
  });

  it("says how old the device's copy is, one minute or many", () => {
    expect(minutesAgo(0)).toBe("less than a minute ago");
    expect(minutesAgo(1)).toBe("1 minute ago");
    expect(minutesAgo(5)).toBe("5 minutes ago");
  });

  it("names the database's kind in the page's language, SPEC's words in English", () => {
    expect([databaseLabel("embedded file"), databaseLabel("remote libSQL")]).toEqual([
      "embedded file",
      "remote libSQL",
    ]);
    const pageLocale = getLocale;
    overwriteGetLocale(() => "tr");
    try {
      expect([databaseLabel("embedded file"), databaseLabel("remote libSQL")]).toEqual(["yerel dosya", "uzak libSQL"]);
    } finally {
      overwriteGetLocale(pageLocale);
    }
  });
});
