import { describe, expect, it } from "vitest";
import { addDays, shopDay } from "./shop-day.ts";

// Insights count per day of the shop's calendar, Turkey's (UTC+3 all year), whatever the zone
// of the server or the device (docs/decisions/0055-counting-without-tracking.md).

describe("the shop's calendar", () => {
  it("turns the day at midnight in Turkey, 21:00 UTC", () => {
    expect(shopDay(new Date("2026-11-01T20:59:59Z"))).toBe("2026-11-01");
    expect(shopDay(new Date("2026-11-01T21:00:00Z"))).toBe("2026-11-02");
    expect(shopDay(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
  });

  it("moves a day across months, years and a leap day", () => {
    expect(addDays("2026-11-01", -1)).toBe("2026-10-31");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-11-01", -30)).toBe("2026-10-02");
  });
});
